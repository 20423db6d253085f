import type { IndexPair, IndexPoint, SecondsIndex } from './indexPrice.js';
import type { SettleResult } from './settlement.js';

/** How long after a second begins its index is recorded and its contracts settled. */
export const SETTLE_LAG_MS = 20;
/**
 * Recorded index seconds are kept a week, then pruned (hourly), so the table stays bounded: a
 * settled contract keeps its own settle price, and a contract settled after a longer outage would
 * have its expiry second computed from the committed trades again.
 */
export const INDEX_KEPT_SECONDS = 7 * 86_400;
const PRUNE_EVERY_SECONDS = 3600;

/**
 * The seconds clock: at the start of every second (+ SETTLE_LAG_MS) it records each pair's index
 * for that second and settles every contract whose expiry second has begun. Runs never overlap: a
 * slow second is caught up by the next run (settlement takes everything due, and the index of a
 * skipped second is computed from the trades when a contract needs it). On start the first run
 * settles whatever expired while the server was down, each at its own expiry second's price.
 */
export class SecondsScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private stopped = true;
  private lastPrune = 0;

  constructor(
    private readonly deps: {
      index: SecondsIndex;
      pairs: () => Map<string, IndexPair>;
      settle: () => Promise<SettleResult>;
      /** Deletes recorded index seconds before the given second. */
      pruneIndex?: (beforeSecond: number) => Promise<unknown>;
      /** Told each second's recorded index (the live channel: the contract cards follow it). */
      recorded?: (pair: IndexPair, second: number, point: IndexPoint) => void;
      clock: () => number;
      log: (message: string, error?: unknown) => void;
    },
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One run: record this second's index, then settle (also called by tests and tools). */
  async runOnce(): Promise<SettleResult> {
    const second = Math.floor(this.deps.clock() / 1000);
    for (const pair of this.deps.pairs().values()) {
      try {
        const point = await this.deps.index.pointAt(pair, second);
        if (point) this.deps.recorded?.(pair, second, point);
      } catch (error) {
        this.deps.log(`seconds index of ${pair.symbol} failed`, error);
      }
    }
    const settled = await this.deps.settle();
    if (this.deps.pruneIndex && second - this.lastPrune >= PRUNE_EVERY_SECONDS) {
      this.lastPrune = second;
      await this.deps.pruneIndex(second - INDEX_KEPT_SECONDS).catch((error) => this.deps.log('pruning the seconds index failed', error));
    }
    return settled;
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.runOnce()
        .then(
          (r) => {
            if (r.unpriced > 0) this.deps.log(`seconds settlement: ${r.unpriced} due contracts have no index price yet`);
          },
          (error) => this.deps.log('seconds settlement failed', error),
        )
        .finally(() => {
          const now = this.deps.clock();
          this.schedule(1000 - (now % 1000) + SETTLE_LAG_MS);
        });
    }, delay);
    this.timer.unref?.();
  }
}
