import { seededRandom as mulberry32 } from '../../../../server/kernel/exchange/random.js';
import type { Command, PlaceCommand, SelfTradePrevention, Side, TimeInForce } from '../../../../server/kernel/exchange/matching/types.js';
import type { OpenOrder } from './harness.js';

const MAX = Number.MAX_SAFE_INTEGER;

/**
 * Random commands for one stream. It reads the open orders the harness tracks so that cancels
 * and duplicate ids can aim at live orders as well as dead and unknown ones.
 */
export class StreamGenerator {
  private readonly random: () => number;
  private readonly accounts: number;
  private readonly band: number;
  private mid: number;
  private readonly cancelShare: number;
  private readonly marketShare: number;
  private readonly crossShare: number;
  private nextId = 1;
  private readonly usedIds: number[] = [];

  constructor(seed: number, deep = false) {
    this.random = mulberry32(seed);
    this.accounts = this.int(2, 6);
    this.band = deep ? this.int(20, 60) : this.int(2, 12);
    this.mid = this.pick([1_000, 1_000, 120, 2 ** 32 + 17]);
    // Some streams keep a thin book (many cancels and market orders), others a deeper one; a
    // deep stream builds a book of thousands of orders on many levels.
    this.cancelShare = deep ? 0.04 : this.pick([0.12, 0.2, 0.3]);
    this.marketShare = deep ? 0.02 : this.pick([0.04, 0.08, 0.14]);
    this.crossShare = deep ? 0.15 : 0.4;
  }

  private int(lo: number, hi: number): number {
    return lo + Math.floor(this.random() * (hi - lo + 1));
  }

  private chance(p: number): boolean {
    return this.random() < p;
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  private account(): number {
    // NaN never equals itself: such an account never self-trades and cannot cancel its own orders.
    // 0 and -0 are one account to `===`, but events must carry the very value each engine was given.
    const roll = this.random();
    if (roll < 0.002) return Number.NaN;
    if (roll < 0.01) return this.pick([0, -0]);
    return this.int(1, this.accounts);
  }

  private freshId(): number {
    const id = this.nextId++;
    this.usedIds.push(id);
    return id;
  }

  /**
   * Mostly fresh; sometimes an id resting now (refused) or one that has left the book (allowed
   * again), and rarely an odd one nothing validates. (NaN ids have their own test in
   * differential.test.ts: two orders may rest under NaN, which this harness's bookkeeping by id
   * cannot follow.)
   */
  private placeId(open: Map<number, OpenOrder>): number {
    const roll = this.random();
    if (roll < 0.004) return this.pick([0, -0, -7, 2.5]);
    if (roll < 0.03 && open.size > 0) return this.pick([...open.keys()]);
    if (roll < 0.07 && this.usedIds.length > 0) return this.pick(this.usedIds);
    return this.freshId();
  }

  private quantity(): number {
    if (this.chance(0.015)) return this.pick([0, -1, 1.5, 2 ** 60, Number.NaN, Number.POSITIVE_INFINITY]);
    return this.chance(0.8) ? this.int(1, 10) : this.int(1, 60);
  }

  /** The next command, given the open orders and the book's best prices now. */
  next(open: Map<number, OpenOrder>, bestBid: number | undefined, bestAsk: number | undefined): Command {
    // The mid follows the book, with an occasional jump so levels away from the touch get used too.
    if (bestBid !== undefined && bestAsk !== undefined) this.mid = Math.round((bestBid + bestAsk) / 2);
    if (this.chance(0.03)) this.mid = Math.max(this.band * 2 + 2, this.mid + this.int(-this.band, this.band));
    const roll = this.random();
    if (roll < this.cancelShare) return this.cancel(open);
    if (roll < this.cancelShare + this.marketShare) return this.market(open);
    return this.limit(open, bestBid, bestAsk);
  }

  private cancel(open: Map<number, OpenOrder>): Command {
    const roll = this.random();
    if (roll < 0.65 && open.size > 0) {
      const target = open.get(this.pick([...open.keys()]))!;
      const foreign = roll >= 0.55;
      const accountId = foreign ? (target.accountId % this.accounts) + 1 : target.accountId;
      return { kind: 'cancel', orderId: target.orderId, accountId };
    }
    if (roll < 0.85 && this.usedIds.length > 0) return { kind: 'cancel', orderId: this.pick(this.usedIds), accountId: this.account() };
    const orderId = this.chance(0.05) ? this.pick([Number.NaN, 0, -7, 2.5]) : this.nextId + 1_000_000;
    return { kind: 'cancel', orderId, accountId: this.account() };
  }

  /** About a third priced through the opposite best (when there is one), the rest around the mid. */
  private limit(open: Map<number, OpenOrder>, bestBid: number | undefined, bestAsk: number | undefined): PlaceCommand {
    const side: Side = this.chance(0.5) ? 'buy' : 'sell';
    const opposite = side === 'buy' ? bestAsk : bestBid;
    const direction = side === 'buy' ? 1 : -1;
    let price: number;
    if (this.chance(this.crossShare)) price = (opposite ?? this.mid) + direction * this.int(-1, this.band);
    else price = this.mid - direction * (1 + this.int(0, this.band * 2));
    let quantity = this.quantity();
    const oddity = this.random();
    if (oddity < 0.012) price = this.pick([0, -5, 100.5, Number.NaN]);
    else if (oddity < 0.018) {
      price = 2 ** 40;
      quantity = 2 ** 20;
    }
    const tif = this.pick<TimeInForce>(['GTC', 'GTC', 'GTC', 'GTC', 'IOC', 'FOK', 'POST_ONLY']);
    const command: PlaceCommand = {
      kind: 'place',
      orderId: this.placeId(open),
      accountId: this.account(),
      side,
      type: 'limit',
      price,
      quantity,
      tif,
      stp: this.pick<SelfTradePrevention>(['cancelTaker', 'cancelMaker', 'cancelBoth']),
    };
    // A budget on a limit order means nothing; it must be ignored the same way by both engines.
    if (this.chance(0.02)) command.quoteBudget = this.pick([0, 5, 1.5]);
    return command;
  }

  private market(open: Map<number, OpenOrder>): PlaceCommand {
    const side: Side = this.chance(0.6) ? 'buy' : 'sell';
    let quantity = this.chance(0.03) ? this.quantity() : this.int(1, 40);
    let quoteBudget: number | undefined;
    if (side === 'buy') {
      const shape = this.random();
      if (shape < 0.35) {
        quantity = MAX;
        quoteBudget = this.int(1, this.mid * 40);
      } else if (shape < 0.55) quoteBudget = this.int(1, this.mid * 40);
      else if (shape < 0.58) quantity = MAX; // no budget: refused
    } else if (this.chance(0.1)) quoteBudget = this.int(1, this.mid * 40);
    if (this.chance(0.03)) quoteBudget = this.pick([0, -3, 1.5]);
    const command: PlaceCommand = {
      kind: 'place',
      orderId: this.placeId(open),
      accountId: this.account(),
      side,
      type: 'market',
      // Ignored for market orders, whatever it holds.
      price: this.chance(0.9) ? 0 : this.pick([-5, 1.5, this.mid]),
      quantity,
      tif: this.pick<TimeInForce>(['IOC', 'IOC', 'IOC', 'IOC', 'FOK', 'GTC', 'POST_ONLY']),
      stp: this.pick<SelfTradePrevention>(['cancelTaker', 'cancelMaker', 'cancelBoth']),
    };
    if (quoteBudget !== undefined) command.quoteBudget = quoteBudget;
    // Refusing what the budget cannot pay for (a market buy by quantity, issue 49) on the even
    // budgets: no extra draw, so the streams stay as they were; on sells it must be ignored alike.
    if (quoteBudget !== undefined && quoteBudget % 2 === 0) command.refuseIfUnaffordable = true;
    return command;
  }
}
