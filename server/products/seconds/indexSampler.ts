import { compareDecimal } from '../../../domain/decimal.js';
import type { BookQuote, BookSource } from './bookSource.js';
import { INDEX_WINDOW_SECONDS, type IndexPair } from './indexPrice.js';

/**
 * How often each pair's book is sampled: four times a second, twenty samples in an index window.
 * Each sample is one statement over every pair's resting orders plus the impact arithmetic: at ten
 * a second it cost 4 % of a core on the server with the market makers on (CPU seconds of the node
 * process and its PostgreSQL over 40 s, 5.27 against 3.70 without sampling); four a second keeps the
 * median's property (a book held off its price for under half the window moves nothing) at 1.6 %.
 */
export const SAMPLE_MS = 250;
/**
 * The samples an index window needs (half of what it holds): fewer, and the second is priced from
 * the trades instead (a server that just started, or one whose sampling stalled).
 */
export const MIN_WINDOW_SAMPLES = (INDEX_WINDOW_SECONDS * 1000) / SAMPLE_MS / 2;
/** A depth older than this is no depth: the book is not being seen, so nothing may be bought against it. */
export const DEPTH_FRESH_MS = 2000;
/** Samples are kept this long, so a run a little late still prices its second from them. */
const KEEP_MS = 60_000;

interface Sample extends BookQuote {
  ms: number;
}

/**
 * Samples every pair's book (a `BookSource`) every SAMPLE_MS and keeps the samples in memory.
 *
 * The price of second S is the median of the impact mids sampled in [S-5 s, S): samples are taken
 * at a fixed pace, so the median is time-weighted, and half the samples are outliers it ignores.
 * To move it, a book has to be held away from its honest price for more than half the window —
 * 2.5 s of resting size that anyone can trade against — while prints, however many, move nothing.
 */
export class IndexSampler {
  private readonly samples = new Map<string, Sample[]>();
  /** When each pair was last looked at, with or without a quote. */
  private readonly lookedAt = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private sampling: Promise<void> | undefined;

  constructor(
    private readonly source: BookSource,
    private readonly pairs: () => Map<string, IndexPair>,
    private readonly clock: () => number,
    private readonly log: (message: string, error?: unknown) => void = () => undefined,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      // A slow read skips ticks instead of piling them up.
      if (!this.sampling) this.sampling = this.sampleNow().catch((error) => this.log('seconds index sampling failed', error)).finally(() => (this.sampling = undefined));
    }, SAMPLE_MS);
    this.timer.unref?.();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.sampling;
  }

  /** One sample of every pair, stamped with the clock when the read began (the timer's tick; tests call it). */
  async sampleNow(): Promise<void> {
    const at = this.clock();
    const pairs = [...this.pairs().values()];
    const quotes = await this.source.quotes(pairs);
    for (const pair of pairs) {
      this.lookedAt.set(pair.symbol, at);
      const kept = (this.samples.get(pair.symbol) ?? []).filter((s) => s.ms >= at - KEEP_MS && s.ms < at);
      const quote = quotes.get(pair.symbol);
      if (quote) kept.push({ ms: at, ...quote });
      this.samples.set(pair.symbol, kept);
    }
  }

  /** The median of the window's samples, or undefined with fewer than MIN_WINDOW_SAMPLES. */
  priceOf(pair: IndexPair, second: number): string | undefined {
    const from = (second - INDEX_WINDOW_SECONDS) * 1000;
    const mids = (this.samples.get(pair.symbol) ?? []).filter((s) => s.ms >= from && s.ms < second * 1000).map((s) => s.mid);
    if (mids.length < MIN_WINDOW_SAMPLES) return undefined;
    mids.sort(compareDecimal);
    return mids[Math.floor((mids.length - 1) / 2)];
  }

  /**
   * The quote resting near the price now (thinner side): undefined if this process never sampled
   * the pair (sampling off: no bound from depth), '0' if the book is empty, crossed or unseen lately.
   */
  depthNear(pair: IndexPair): string | undefined {
    const looked = this.lookedAt.get(pair.symbol);
    if (looked === undefined) return undefined;
    const last = this.samples.get(pair.symbol)?.at(-1);
    if (!last || last.ms !== looked || this.clock() - last.ms > DEPTH_FRESH_MS) return '0';
    return last.depth;
  }
}
