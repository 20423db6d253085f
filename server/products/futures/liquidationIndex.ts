import type { Fx } from '../../../domain/fx.js';

/**
 * Open positions indexed by liquidation price, per pair and side, so a mark-price update finds the
 * positions it may liquidate without scanning the others: longs are liquidated at or below their
 * price, shorts at or above, so the candidates of a mark M are the longs with a price ≥ M (the top
 * of the long list) and the shorts with a price ≤ M (the bottom of the short list). Each list is a
 * sorted array updated by binary search; a lookup costs O(log n + candidates). The index only
 * proposes: every candidate is checked exactly (margin ratio by mark) before it is liquidated.
 */
interface Entry {
  key: string;
  price: Fx;
}

const byPriceThenKey = (a: Entry, b: Entry): number => (a.price < b.price ? -1 : a.price > b.price ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

class SortedByPrice {
  private entries: Entry[] = [];
  private readonly prices = new Map<string, Fx>();
  /** While set, changes go to `prices` only and `settle` sorts them in at once (LiquidationIndex.bulk). */
  deferred = false;

  get size() {
    return this.entries.length;
  }

  private lowerBound(price: Fx, key: string): number {
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const e = this.entries[mid]!;
      if (e.price < price || (e.price === price && e.key < key)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  set(key: string, price: Fx): void {
    if (this.deferred) {
      this.prices.set(key, price);
      return;
    }
    this.remove(key);
    this.entries.splice(this.lowerBound(price, key), 0, { key, price });
    this.prices.set(key, price);
  }

  remove(key: string): void {
    if (this.deferred) {
      this.prices.delete(key);
      return;
    }
    const price = this.prices.get(key);
    if (price === undefined) return;
    const at = this.lowerBound(price, key);
    if (this.entries[at]?.key === key) this.entries.splice(at, 1);
    this.prices.delete(key);
  }

  /** Ends a deferral: the entries made again from the prices, in one sort. */
  settle(): void {
    this.entries = [...this.prices].map(([key, price]) => ({ key, price })).sort(byPriceThenKey);
    this.deferred = false;
  }

  /** Keys with price ≥ `price`. */
  atOrAbove(price: Fx): string[] {
    const out: string[] = [];
    for (let i = this.entries.length - 1; i >= 0 && this.entries[i]!.price >= price; i--) out.push(this.entries[i]!.key);
    return out;
  }

  /** Keys with price ≤ `price`. */
  atOrBelow(price: Fx): string[] {
    const out: string[] = [];
    for (let i = 0; i < this.entries.length && this.entries[i]!.price <= price; i++) out.push(this.entries[i]!.key);
    return out;
  }
}

export class LiquidationIndex {
  private readonly longs = new Map<string, SortedByPrice>();
  private readonly shorts = new Map<string, SortedByPrice>();
  private readonly where = new Map<string, { symbol: string; side: 1 | -1 }>();
  private inBulk = false;

  private list(symbol: string, side: 1 | -1): SortedByPrice {
    const lists = side === 1 ? this.longs : this.shorts;
    let l = lists.get(symbol);
    if (!l) lists.set(symbol, (l = new SortedByPrice()));
    if (this.inBulk) l.deferred = true;
    return l;
  }

  /**
   * Runs `work`, whose sets and removes are sorted into the lists once at its end: a rebuild puts
   * every open position in (100,000 of them: one sort per list instead of an insertion each, which
   * moves half the list; bench:liquidation's rebuild). No lookup may run inside `work`.
   */
  bulk(work: () => void): void {
    this.inBulk = true;
    try {
      work();
    } finally {
      this.inBulk = false;
      for (const lists of [this.longs, this.shorts]) for (const l of lists.values()) if (l.deferred) l.settle();
    }
  }

  /** Puts (or moves) a position; `price` 0 for a long that cannot be liquidated is kept at the bottom. */
  set(key: string, symbol: string, side: 1 | -1, price: Fx): void {
    const was = this.where.get(key);
    if (was && (was.symbol !== symbol || was.side !== side)) this.list(was.symbol, was.side).remove(key);
    this.list(symbol, side).set(key, price);
    this.where.set(key, { symbol, side });
  }

  remove(key: string): void {
    const was = this.where.get(key);
    if (!was) return;
    this.list(was.symbol, was.side).remove(key);
    this.where.delete(key);
  }

  /** Positions a mark of `mark` may liquidate. */
  candidates(symbol: string, mark: Fx): string[] {
    return [...this.list(symbol, 1).atOrAbove(mark), ...this.list(symbol, -1).atOrBelow(mark)];
  }

  get size(): number {
    return this.where.size;
  }
}
