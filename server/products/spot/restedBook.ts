import type { OrderBookEngine, Side } from '../../kernel/exchange/matching/types.js';
import { amountText, priceText, type PairSpec } from '../../kernel/exchange/pairSpec.js';

/**
 * A spot market's book as it rested by an instant, read from the engine's memory (the seconds
 * index samples it, offered as `spotBook`: docs/ARCHITECTURE.md "Seconds contracts"). It used to be
 * read from the database's resting orders every sample, a third of the database's statement time
 * under load (bench:pipeline BENCH_PG_STATS=1).
 *
 * The engine keeps no time per order, so the market tells `RecentPlacements` when each order it
 * places entered the book (its batch's clock, the `created_ms` its row gets), and the levels of an
 * instant are the engine's levels less what the orders placed after it still hold.
 */
export interface DecimalLevel {
  price: string;
  quantity: string;
}

export interface RestedLevels {
  /** Best first. */
  bids: DecimalLevel[];
  asks: DecimalLevel[];
}

/** What spot offers other products (the seconds index): a pair's book as it rested by an instant. */
export interface SpotBookReader {
  /**
   * At most `perSide` levels a side, of the orders resting now that were placed at or before
   * `restedBy` (ms; all of them without it). Undefined where this process cannot tell: the
   * market runs elsewhere (cluster), it is rebuilding, or `restedBy` is older than it remembers.
   */
  levels(symbol: string, restedBy: number | undefined, perSide: number): RestedLevels | undefined;
}

/**
 * How long a placement's time is remembered. The seconds sampler asks for a quarter second back
 * (its REST_MS) from the moment its read begins; an older instant is answered by the database.
 */
export const PLACEMENTS_KEPT_MS = 2000;

/** When each order placed in the last PLACEMENTS_KEPT_MS entered the book. */
export class RecentPlacements {
  private readonly ids: number[] = [];
  private readonly times: number[] = [];
  private head = 0;
  /** The latest time forgotten: orders placed after it are all remembered. */
  private horizon = Number.NEGATIVE_INFINITY;
  /** Nothing is known before the book's first build (`reset`). */
  private built = false;

  /** Placed at `at`; forgets what is older than PLACEMENTS_KEPT_MS before it. */
  add(orderId: number, at: number): void {
    this.ids.push(orderId);
    this.times.push(at);
    this.forget(at - PLACEMENTS_KEPT_MS);
  }

  /** A fresh book at `now` (a rebuild): nothing older than PLACEMENTS_KEPT_MS is remembered; the replay adds the rest. */
  reset(now: number): void {
    this.ids.length = 0;
    this.times.length = 0;
    this.head = 0;
    this.horizon = now - PLACEMENTS_KEPT_MS;
    this.built = true;
  }

  /** The orders placed after `restedBy` (none: every order counts), or undefined if some of them may be forgotten. */
  placedAfter(restedBy: number | undefined): number[] | undefined {
    if (!this.built) return undefined;
    if (restedBy === undefined) return [];
    if (restedBy < this.horizon) return undefined;
    const out: number[] = [];
    for (let i = this.head; i < this.ids.length; i++) if (this.times[i]! > restedBy) out.push(this.ids[i]!);
    return out;
  }

  private forget(before: number): void {
    while (this.head < this.ids.length && this.times[this.head]! < before) {
      const at = this.times[this.head]!;
      if (at > this.horizon) this.horizon = at;
      this.head += 1;
    }
    // Compacts once the forgotten half is the larger: amortised O(1) per placement.
    if (this.head > 1024 && this.head * 2 > this.ids.length) {
      this.ids.splice(0, this.head);
      this.times.splice(0, this.head);
      this.head = 0;
    }
  }
}

/**
 * The engine's levels less what the orders placed after the instant (`recent`) still hold, at most
 * `perSide` a side, in decimals: a level's quantity is the sum of what its orders hold, so what
 * remains is what the orders placed by then hold.
 */
export function restedLevels(engine: OrderBookEngine, spec: PairSpec, recent: readonly number[], perSide: number): RestedLevels {
  const later: Record<Side, Map<number, number>> = { buy: new Map(), sell: new Map() };
  for (const id of recent) {
    const order = engine.resting(id);
    if (order) later[order.side].set(order.price, (later[order.side].get(order.price) ?? 0) + order.remaining);
  }
  // A level whose every order came later vanishes: read as many more as could.
  const { bids, asks } = engine.depth(perSide + Math.max(later.buy.size, later.sell.size));
  const side = (levels: ReadonlyArray<{ price: number; quantity: number }>, minus: Map<number, number>): DecimalLevel[] => {
    const out: DecimalLevel[] = [];
    for (const level of levels) {
      const quantity = level.quantity - (minus.get(level.price) ?? 0);
      if (quantity <= 0) continue;
      out.push({ price: priceText(spec, level.price), quantity: amountText(spec, quantity) });
      if (out.length === perSide) break;
    }
    return out;
  };
  return { bids: side(bids, later.buy), asks: side(asks, later.sell) };
}
