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

class SortedByPrice {
  private readonly entries: Entry[] = [];
  private readonly prices = new Map<string, Fx>();

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
    this.remove(key);
    this.entries.splice(this.lowerBound(price, key), 0, { key, price });
    this.prices.set(key, price);
  }

  remove(key: string): void {
    const price = this.prices.get(key);
    if (price === undefined) return;
    const at = this.lowerBound(price, key);
    if (this.entries[at]?.key === key) this.entries.splice(at, 1);
    this.prices.delete(key);
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

  private list(symbol: string, side: 1 | -1): SortedByPrice {
    const lists = side === 1 ? this.longs : this.shorts;
    let l = lists.get(symbol);
    if (!l) lists.set(symbol, (l = new SortedByPrice()));
    return l;
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
