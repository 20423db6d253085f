import { compareDecimal, divDecimal } from '../../../domain/decimal.js';
import type { BookQuote, BookSource } from './bookSource.js';
import { INDEX_WINDOW_SECONDS, type IndexPair } from './indexPrice.js';

/**
 * How often each pair's book is sampled: once in every quarter second, twenty samples in an index
 * window. A sample read every pair's resting orders in one statement plus the impact arithmetic:
 * at ten a second it cost 4 % of a core on the server with the market makers on (CPU seconds of the
 * node process and its PostgreSQL over 40 s, 5.27 against 3.70 without sampling); four a second
 * keeps the median's property (a book held off its price for under half the window moves nothing)
 * at 1.6 %. The server now reads the books of the markets it runs from memory (bookSource.ts
 * `memoryFirstBookSource`): under load that statement had grown to a third of the database's time.
 */
export const SAMPLE_MS = 250;
/**
 * How long an order must have rested to be part of a sample: a whole sample interval. Quotes that
 * rested ~40 ms around each of the old sampler's fixed instants moved the index (issue 49); now an
 * order counts only from SAMPLE_MS after it was placed, so only orders that rest through a whole
 * interval — against which anyone could trade — are ever seen.
 */
export const REST_MS = SAMPLE_MS;
/**
 * The samples an index window needs (half of what it holds): fewer, and the second is priced from
 * the trades instead (a server that just started, or one whose sampling stalled).
 */
export const MIN_WINDOW_SAMPLES = (INDEX_WINDOW_SECONDS * 1000) / SAMPLE_MS / 2;
/**
 * The draw band of second S is half the median impact spread sampled in the minute before S: a
 * minute, so that quotes narrowing the spread for the few seconds of a window do not narrow the
 * band (it takes holding them inside the spread for more than half a minute).
 */
export const BAND_WINDOW_SECONDS = 60;
/** A depth older than this is no depth: the book is not being seen, so nothing may be bought against it. */
export const DEPTH_FRESH_MS = 2000;
/** Samples are kept this long: the band's minute, and a run a little late still prices its second from them. */
const KEEP_MS = (BAND_WINDOW_SECONDS + 30) * 1000;

interface Sample extends BookQuote {
  ms: number;
}

const median = (values: string[]) => values.sort(compareDecimal)[Math.floor((values.length - 1) / 2)]!;

/**
 * Samples every pair's book (a `BookSource`) once in every SAMPLE_MS and keeps the samples in memory.
 *
 * Each sample is taken at a random instant of its quarter second (`random`, the kernel's seeded
 * source: tests name the seed, a server seeds it from the operating system), so nobody can line
 * brief quotes up with it; and it counts only orders that had rested REST_MS by then. One sample
 * per quarter second keeps the median time-weighted.
 *
 * The price of second S is the median of the impact mids sampled in [S-5 s, S): half the samples
 * are outliers it ignores, so a book has to be held away from its honest price for more than half
 * the window — 2.5 s of resting size that anyone can trade against — while prints, however many,
 * move nothing. Its draw band is half the median impact spread of the minute before S (`bandOf`).
 */
export class IndexSampler {
  private readonly samples = new Map<string, Sample[]>();
  /** When each pair was last looked at, with or without a quote. */
  private readonly lookedAt = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private sampling: Promise<void> | undefined;
  private running = false;
  /** The instant planned for the next sample. */
  private next: number | undefined;

  constructor(
    private readonly source: BookSource,
    private readonly pairs: () => Map<string, IndexPair>,
    private readonly clock: () => number,
    private readonly log: (message: string, error?: unknown) => void = () => undefined,
    private readonly random: () => number = Math.random,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.sampling;
  }

  /** When the next sample is due: a random instant of the quarter second after the last sample's (tests move their clock to it). */
  nextSampleAt(): number {
    this.next ??= this.planAfter(this.clock());
    return this.next;
  }

  /** One sample of every pair, stamped with the clock when the read began (the timer's; tests call it); then plans the next. */
  async sampleNow(): Promise<void> {
    const at = this.clock();
    this.next = this.planAfter(at);
    const pairs = [...this.pairs().values()];
    const quotes = await this.source.quotes(pairs, at - REST_MS);
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
    const mids = this.within(pair, second, INDEX_WINDOW_SECONDS).map((s) => s.mid);
    return mids.length < MIN_WINDOW_SAMPLES ? undefined : median(mids);
  }

  /**
   * Half the median impact spread sampled in the minute before `second`, cut to the pair's price
   * precision; undefined with fewer than MIN_WINDOW_SAMPLES samples that tell their spread.
   */
  bandOf(pair: IndexPair, second: number): string | undefined {
    const spreads = this.within(pair, second, BAND_WINDOW_SECONDS).flatMap((s) => (s.spread === undefined ? [] : [s.spread]));
    return spreads.length < MIN_WINDOW_SAMPLES ? undefined : divDecimal(median(spreads), '2', pair.pricePrecision);
  }

  /** The latest sample of the pair, if it had a quote. */
  lastQuote(pair: IndexPair): BookQuote | undefined {
    return this.samples.get(pair.symbol)?.at(-1);
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

  private within(pair: IndexPair, second: number, seconds: number): Sample[] {
    const from = (second - seconds) * 1000;
    return (this.samples.get(pair.symbol) ?? []).filter((s) => s.ms >= from && s.ms < second * 1000);
  }

  /** A random instant of the quarter second after the one `ms` falls in (one sample per quarter second). */
  private planAfter(ms: number): number {
    const slot = Math.floor(ms / SAMPLE_MS) + 1;
    return slot * SAMPLE_MS + Math.floor(this.random() * SAMPLE_MS);
  }

  private schedule(): void {
    if (!this.running) return;
    this.timer = setTimeout(() => {
      // A slow read delays the next sample instead of piling reads up: the next is planned from when this one began.
      this.sampling = this.sampleNow()
        .catch((error) => this.log('seconds index sampling failed', error))
        .finally(() => {
          this.sampling = undefined;
          this.schedule();
        });
    }, Math.max(0, this.nextSampleAt() - this.clock()));
    this.timer.unref?.();
  }
}
