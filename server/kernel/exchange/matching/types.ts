/**
 * The matching engine's one interface (after exchange-core): integer prices in ticks and
 * quantities in lots, commands in, events out, no I/O. Two implementations — a plain reference
 * engine and a fast one — pass the same scenario tables and a randomized differential test.
 *
 * Numbers are safe integers: a price times a quantity must stay below 2^53 (checked on entry),
 * which holds for every listed pair's precision with room to spare.
 */
export type Side = 'buy' | 'sell';
export type OrderType = 'limit' | 'market';

/** GTC rests; IOC fills what it can now; FOK fills entirely now or not at all; POST_ONLY never takes. */
export type TimeInForce = 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY';

/** What happens when an order would trade against a resting order of the same account. */
export type SelfTradePrevention = 'cancelTaker' | 'cancelMaker' | 'cancelBoth';

export interface PlaceCommand {
  kind: 'place';
  orderId: number;
  accountId: number;
  side: Side;
  type: OrderType;
  /** Ticks; required for limit orders, ignored for market orders. */
  price: number;
  /** Lots. For a market buy bounded by funds, the most it may buy (use Number.MAX_SAFE_INTEGER for "as much as the budget allows"). */
  quantity: number;
  tif: TimeInForce;
  stp: SelfTradePrevention;
  /** Market buy only: the most it may spend, in tick×lot units (the funds frozen for it). */
  quoteBudget?: number;
  /**
   * Market buy with a budget only: refused whole (RejectReason.insufficientBudget) when the budget
   * cannot pay for what the book would fill of `quantity`, instead of filling what the budget buys.
   * Binance's market buy of a base quantity (issue 49) is bounded by the buyer's balance and refused
   * when that balance cannot cover it; a thin book or self-trade prevention stopping it first is no
   * refusal.
   */
  refuseIfUnaffordable?: boolean;
}

export interface CancelCommand {
  kind: 'cancel';
  orderId: number;
  accountId: number;
}

export type Command = PlaceCommand | CancelCommand;

/** Closed, numbered list of why a command is refused. */
export const RejectReason = {
  invalidQuantity: 1,
  invalidPrice: 2,
  duplicateOrderId: 3,
  unknownOrder: 4,
  notOwner: 5,
  wouldTakeLiquidity: 6,
  cannotFillCompletely: 7,
  amountTooLarge: 8,
  missingBudget: 9,
  invalidId: 10,
  insufficientBudget: 11,
} as const;
export type RejectReason = (typeof RejectReason)[keyof typeof RejectReason];

/** Why an order left the book without filling completely. */
export const CancelReason = {
  /** The account asked. */
  user: 1,
  /** IOC or market remainder: nothing more to take. */
  unfilled: 2,
  /** Self-trade prevention removed it. */
  selfTrade: 3,
  /** A market buy ran out of budget. */
  budget: 4,
} as const;
export type CancelReason = (typeof CancelReason)[keyof typeof CancelReason];

export type EngineEvent =
  /** Valid and taken in; trades, cancels or resting follow. */
  | { type: 'accepted'; orderId: number; accountId: number; side: Side; price: number; quantity: number }
  | {
      type: 'trade';
      makerOrderId: number;
      makerAccountId: number;
      takerOrderId: number;
      takerAccountId: number;
      takerSide: Side;
      price: number;
      quantity: number;
      /** True when the maker order has no quantity left. */
      makerDone: boolean;
    }
  | { type: 'cancelled'; orderId: number; accountId: number; remaining: number; reason: CancelReason }
  | { type: 'rejected'; orderId: number; accountId: number; reason: RejectReason };

/** One resting order as seen from outside, for snapshots and hashing. */
export interface RestingOrder {
  orderId: number;
  accountId: number;
  side: Side;
  price: number;
  remaining: number;
}

export interface BookLevel {
  price: number;
  quantity: number;
  orders: number;
}

/**
 * Receives a command's events as they happen, one call per event, in the order `execute` would
 * append them; the arguments are the event's fields in the order `EngineEvent` lists them.
 *
 * Why: a caller that only needs part of what happens (a count of trades, the fills of one order)
 * should not pay for an object per event. On the bench's standard stream the event objects
 * `execute` allocates were the largest single cost left (a profile put ~28 % in the collector).
 * A caller that keeps the events passes an `EventList` (or uses `execute`, which does that).
 *
 * A sink must not call back into the engine: the engine may be between two steps of a command
 * (the fast engine reports a maker's cancel before it takes the order off the book).
 */
export interface EventSink {
  accepted(orderId: number, accountId: number, side: Side, price: number, quantity: number): void;
  trade(makerOrderId: number, makerAccountId: number, takerOrderId: number, takerAccountId: number, takerSide: Side, price: number, quantity: number, makerDone: boolean): void;
  cancelled(orderId: number, accountId: number, remaining: number, reason: CancelReason): void;
  rejected(orderId: number, accountId: number, reason: RejectReason): void;
}

export interface OrderBookEngine {
  /** Applies one command, appending its events to `out` in the order they happen. */
  execute(command: Command, out: EngineEvent[]): void;
  /** Applies one command, handing its events to `sink` as they happen: the same events as `execute`, as calls. */
  apply(command: Command, sink: EventSink): void;
  /** Aggregated levels, best first: bids high→low, asks low→high. */
  depth(levels: number): { bids: BookLevel[]; asks: BookLevel[] };
  bestBid(): number | undefined;
  bestAsk(): number | undefined;
  /** Every resting order in priority order (bids best first, then asks best first). */
  orders(): RestingOrder[];
  /** The account of a resting order, or undefined if none rests with that id. */
  ownerOf(orderId: number): number | undefined;
  /** One resting order (what is left of it), or undefined if none rests with that id: O(1) in the fast engine. */
  resting(orderId: number): RestingOrder | undefined;
  /** A hash of the book: equal books (same orders, same priority) hash equal. */
  stateHash(): string;
}
