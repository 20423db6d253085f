import { performance } from 'node:perf_hooks';
import { stageSince } from './stageTimes.js';

/**
 * The sequencer of one market: the only way into its pipeline. Commands queue here and are carried
 * through in batches — whatever queued while the previous batch ran, up to `maxBatch`, a small one
 * lingering a moment for more while the previous one is still in flight (`lingerMs`) — so a busy
 * market pays one pair of transactions for hundreds of orders instead of two per order (group
 * commit), while a quiet one still answers each order at once (a batch of one).
 *
 * Batches never overlap, and exclusive jobs (restore, idle) run between batches in queue order.
 * When memory may disagree with the database (a batch failed after the engine moved), the market
 * is `stale`: the sequencer rebuilds it before the next batch, and a batch whose rebuild fails is
 * refused rather than run on a book the database never saw.
 *
 * Reused by every market that matches orders (spot today; futures next): the pipeline's stages are
 * given, the ordering, batching and recovery rules are here.
 */
export interface Pipeline<C, R> {
  /**
   * Carries a batch through intake → matching → settlement and answers one result per command, in
   * order. It throws only when nothing of the batch was committed (the sequencer then splits the
   * batch, so one bad command cannot fail the others); after a partial commit it answers.
   */
  run(batch: C[]): Promise<R[]>;
  /**
   * Optional, for pipelining: the first stages only (intake, record, matching), answering the rest
   * (settlement) to run later. Throws, like `run`, only when nothing of the batch was committed. With
   * it the sequencer records and matches batch N+1 while batch N settles (see `Staged`).
   */
  start?(batch: C[]): Promise<Staged<R>>;
  /** Rebuilds memory from the database (a fresh engine, candles, statistics). */
  rebuild(): Promise<void>;
}

/**
 * A batch that has been recorded and matched, waiting to settle. `finish` settles it and answers one
 * result per command; when settlement fails it answers errors and sets the sequencer `stale` itself
 * (memory is ahead of the database). Settlements run one at a time, in order.
 *
 * `committed`: called once the settlement has committed, before the answers are ready — they may
 * still wait for the commit to reach the disk (the durability barrier). The next batch settles from
 * then on, so its settlement overlaps this one's wait for the disk and consecutive batches share an
 * fsync instead of paying one each in turn. Not calling it is safe: the next batch then waits for
 * the answers.
 */
export interface Staged<R> {
  finish(committed: () => void): Promise<R[]>;
}

interface Queued<C, R> {
  command: C;
  /** performance.now() when submitted (stage times). */
  at: number;
  resolve(result: R): void;
  reject(error: unknown): void;
}

interface Exclusive {
  work(): Promise<unknown>;
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

type Entry<C, R> = { kind: 'command'; item: Queued<C, R> } | { kind: 'exclusive'; item: Exclusive };

export const DEFAULT_MAX_BATCH = 256;

/**
 * A pipelined market's linger: while its previous batch is still settling or waiting for the disk,
 * a batch of fewer than LINGER_BELOW commands waits LINGER_MS for more before it starts. Every
 * batch costs the database the same few statements whatever its size, and without a wait the
 * batches stayed a few commands each (2–3 at 1,000 orders/s); the wait falls while the database is
 * busy with the previous batch anyway, and a quiet market (nothing in flight) never waits.
 *
 * bench:pipeline, embedded database, 500 subscribers, A/B pairs in one sitting (2026-11-24):
 *
 * | linger, below | database CPU at 500 / 1,000 orders/s | 2,000/s offered: answered | push p50 at 200/s |
 * |---|---|---|---|
 * | 1 ms, 16 | 0.58–0.60 / 0.65–0.68 | 1,723, 1,768 | 13–17 ms |
 * | 4 ms, 64 | 0.47–0.51 / 0.59–0.61 | 1,606–1,874 | 14–20 ms |
 * | 8 ms, 128 | 0.40–0.48 / 0.47–0.57 | 1,565–1,948 (2,000/s sustained once) | 15–20 ms |
 * | 16 ms, 256 | 0.33 / 0.40 | 1,693 | 22 ms |
 *
 * The server's event loop, not the database, is what saturates first (its CPU plus its run-queue
 * wait make a whole core at 2,000/s), so past 8 ms the database's savings no longer buy throughput
 * and the wait only adds latency. Before any linger (1 ms against none): 1,801 and 1,669/s answered
 * against 1,517 and 1,333.
 */
export const LINGER_MS = 8;
export const LINGER_BELOW = 128;

/**
 * A market lingers only while commands arrive fast enough for the wait to gather some: at least
 * this many a second, i.e. two in LINGER_MS. Below it a batch would wait 8 ms to gain a command or
 * none, and that wait was most of an order's answer at moderate load (bench:pipeline BENCH_STAGES at
 * 200/s: the probe answered in ~13 ms, of which the linger 8). The rate is what arrived over the
 * last RATE_WINDOW_MS (or, when the current window already holds more, over that).
 *
 * A/B, two runs each, same sitting (bench/README "session 17"): the probe's answer at 200/s p50
 * 9.6 and 8.2 ms against 11 and 17 with the linger at any rate; at 500/s, where BTC_USDT's ~350 a
 * second still linger, the same; the database's CPU and the sustained rate no different.
 */
export const LINGER_FROM_RATE = 250;
export const RATE_WINDOW_MS = 100;

export interface SequencerOptions {
  /** The most commands in one batch. */
  maxBatch?: number;
  /** How long a small batch waits for more while the previous one is in flight (0: never; LINGER_MS for a market). */
  lingerMs?: number;
  /** Commands a second from which the linger applies (0: at any rate; LINGER_FROM_RATE for a market). */
  lingerFromRate?: number;
}

export class Sequencer<C, R> {
  private queue: Entry<C, R>[] = [];
  private draining = false;
  /** Memory may be ahead of the database: rebuild before the next batch. */
  stale = false;
  /** Figures for benches and logs. */
  readonly stats = { batches: 0, commands: 0, largestBatch: 0, splits: 0 };

  private readonly maxBatch: number;
  private readonly lingerMs: number;
  private readonly lingerFromRate: number;
  /** Arrivals: the current window's start and count, and the rate of the last complete one. */
  private windowStart = 0;
  private inWindow = 0;
  private windowRate = 0;

  constructor(
    private readonly pipeline: Pipeline<C, R>,
    { maxBatch = DEFAULT_MAX_BATCH, lingerMs = 0, lingerFromRate = 0 }: SequencerOptions = {},
  ) {
    this.maxBatch = maxBatch;
    this.lingerMs = lingerMs;
    this.lingerFromRate = lingerFromRate;
  }

  /** Commands and jobs waiting for the next batch (GET /metrics). */
  get depth(): number {
    return this.queue.length;
  }

  submit(command: C): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const at = performance.now();
      this.countArrival(at);
      this.queue.push({ kind: 'command', item: { command, at, resolve, reject } });
      this.drain();
    });
  }

  private countArrival(at: number): void {
    const elapsed = at - this.windowStart;
    if (elapsed >= RATE_WINDOW_MS) {
      this.windowRate = (this.inWindow * 1000) / elapsed;
      this.windowStart = at;
      this.inWindow = 0;
    }
    this.inWindow += 1;
  }

  /** Commands a second lately: the last window's rate, or the current one's if it already holds more. */
  arrivalRate(): number {
    return Math.max(this.windowRate, (this.inWindow * 1000) / RATE_WINDOW_MS);
  }

  /** A small batch with another in flight waits for more, when they come fast enough to be worth it. */
  private shouldLinger(): boolean {
    return this.lingerMs > 0 && this.finishing.size > 0 && this.queue.length < LINGER_BELOW && this.arrivalRate() >= this.lingerFromRate;
  }

  /** Runs `work` alone, after everything queued before it and before anything queued after. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ kind: 'exclusive', item: { work, resolve: resolve as (r: unknown) => void, reject } });
      this.drain();
    });
  }

  /** Resolves once everything queued so far has been carried out. */
  idle(): Promise<void> {
    return this.exclusive(async () => undefined);
  }

  /** Marks memory as disagreeing with the database and tries to rebuild at once. */
  async recover(): Promise<void> {
    this.stale = true;
    await this.rebuildIfStale().catch(() => undefined);
  }

  private drain(): void {
    if (this.draining) return;
    this.draining = true;
    // Start on a later turn of the event loop, so that commands submitted together (one HTTP burst,
    // a market maker's whole ladder) land in one batch.
    setImmediate(() => void this.loop());
  }

  private async loop(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const head = this.queue[0]!;
        if (head.kind === 'exclusive') {
          this.queue.shift();
          await this.settled();
          await head.item.work().then(head.item.resolve, head.item.reject);
          continue;
        }
        if (this.shouldLinger()) {
          const lingering = performance.now();
          await new Promise((resolve) => setTimeout(resolve, this.lingerMs));
          stageSince('linger', lingering);
        }
        const batch: Queued<C, R>[] = [];
        while (batch.length < this.maxBatch && this.queue[0]?.kind === 'command') batch.push((this.queue.shift() as { item: Queued<C, R> }).item);
        stageSince('queued', batch[0]!.at);
        if (this.pipeline.start) await this.startBatch(batch);
        else await this.runBatch(batch);
      }
    } finally {
      this.draining = false;
      // Something may have been queued between the last check and the flag going down.
      if (this.queue.length > 0) this.drain();
    }
  }

  /** Answers held back until the rebuild after a failed settlement (see `startBatch`). */
  private held: Array<() => void> = [];

  /** Rebuilds a stale market (no batch may be in flight), then gives the held answers. */
  private async rebuildThenDeliver(): Promise<void> {
    try {
      await this.rebuildIfStale();
    } finally {
      for (const deliver of this.held.splice(0)) deliver();
    }
  }

  /** Batches settling or waiting to answer (pipelined markets: at most one settling, others waiting for the disk). */
  private readonly finishing = new Set<Promise<void>>();
  /** The last settlement started; the next waits for its commit. */
  private committing: Promise<void> | undefined;

  /** Waits until no batch is settling or waiting to answer. */
  private async settled(): Promise<void> {
    while (this.finishing.size > 0) await Promise.all(this.finishing);
  }

  /** Waits for the settlement in progress to commit (its answers may still be waiting). */
  private async previousCommitted(): Promise<void> {
    while (this.committing) {
      const committing = this.committing;
      await committing;
      if (this.committing === committing) this.committing = undefined;
    }
  }

  /**
   * Pipelined: records and matches `batch` while the previous batch settles, then lets it settle in
   * turn. Settlements never overlap and keep the batches' order; a batch whose predecessor failed to
   * settle is not settled on the book that failure left (its orders are recorded, so the rebuild
   * replays them) and its callers get the error.
   */
  private async startBatch(batch: Queued<C, R>[]): Promise<void> {
    if (this.stale) {
      await this.settled();
      try {
        await this.rebuildThenDeliver();
      } catch (error) {
        for (const q of batch) q.reject(error);
        return;
      }
    }
    let staged: Staged<R>;
    const recording = performance.now();
    try {
      staged = await this.pipeline.start!(batch.map((q) => q.command));
      stageSince('record', recording);
    } catch {
      // Nothing of it committed and the book is as it was: settle what is in flight, then carry the
      // batch through unpipelined, which splits it so that one bad command cannot fail the others.
      await this.settled();
      await this.runBatch(batch);
      return;
    }
    const waiting = performance.now();
    await this.previousCommitted();
    stageSince('previousCommit', waiting);
    if (this.stale) {
      // Whatever is still in flight finishes before the rebuild.
      await this.settled();
      const error = new Error('the previous batch failed to settle; this one was recorded and is replayed by the rebuild');
      this.held.push(() => batch.forEach((q) => q.reject(error)));
      await this.rebuildThenDeliver().catch(() => undefined);
      return;
    }
    this.stats.batches += 1;
    this.stats.commands += batch.length;
    this.stats.largestBatch = Math.max(this.stats.largestBatch, batch.length);
    let committed!: () => void;
    const commit = new Promise<void>((resolve) => (committed = resolve));
    const settling = performance.now();
    let settledAt: number | undefined;
    const finishing = staged
      .finish(() => {
        if (settledAt === undefined) {
          settledAt = performance.now();
          stageSince('settle', settling);
        }
        committed();
      })
      .then(
        (results) => {
          if (settledAt !== undefined) stageSince('durable', settledAt);
          const deliver = () => batch.forEach((q, i) => q.resolve(results[i]!));
          // A failed settlement (the pipeline set `stale`): its callers hear of it once the market
          // has been rebuilt, as in the unpipelined path, so what they then read is consistent.
          if (!this.stale) return deliver();
          this.held.push(deliver);
          // With nothing queued behind it, rebuild now rather than at the next command.
          void this.exclusive(() => this.rebuildThenDeliver()).catch(() => undefined);
        },
        (error) => {
          this.stale = true;
          for (const q of batch) q.reject(error);
        },
      )
      .finally(() => {
        committed();
        this.finishing.delete(finishing);
      });
    this.finishing.add(finishing);
    this.committing = commit;
  }

  private async runBatch(batch: Queued<C, R>[]): Promise<void> {
    try {
      await this.rebuildIfStale();
    } catch (error) {
      for (const q of batch) q.reject(error);
      return;
    }
    try {
      const running = performance.now();
      const results = await this.pipeline.run(batch.map((q) => q.command));
      stageSince('run', running);
      this.stats.batches += 1;
      this.stats.commands += batch.length;
      this.stats.largestBatch = Math.max(this.stats.largestBatch, batch.length);
      batch.forEach((q, i) => q.resolve(results[i]!));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      // Nothing of the batch committed: carry the halves through on their own, so the command
      // that failed is isolated and the others go through.
      this.stats.splits += 1;
      const middle = Math.ceil(batch.length / 2);
      await this.runBatch(batch.slice(0, middle));
      await this.runBatch(batch.slice(middle));
    }
  }

  private async rebuildIfStale(): Promise<void> {
    if (!this.stale) return;
    await this.pipeline.rebuild();
    this.stale = false;
  }
}
