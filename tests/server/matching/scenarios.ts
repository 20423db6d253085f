/**
 * Scenario tables every matching engine must pass: given a book built by some commands, when one
 * more command arrives, then exactly these events, in this order, and exactly this book.
 */
import {
  CancelReason,
  RejectReason,
  type CancelCommand,
  type EngineEvent,
  type PlaceCommand,
  type RestingOrder,
  type SelfTradePrevention,
  type Side,
  type TimeInForce,
} from '../../../server/kernel/exchange/matching/types.js';

export interface Scenario {
  name: string;
  given: Array<PlaceCommand | CancelCommand>;
  when: PlaceCommand | CancelCommand;
  events: EngineEvent[];
  book: RestingOrder[];
}

export const limit = (
  orderId: number,
  accountId: number,
  side: Side,
  price: number,
  quantity: number,
  tif: TimeInForce = 'GTC',
  stp: SelfTradePrevention = 'cancelTaker',
): PlaceCommand => ({ kind: 'place', orderId, accountId, side, type: 'limit', price, quantity, tif, stp });

export const market = (
  orderId: number,
  accountId: number,
  side: Side,
  quantity: number,
  options: { quoteBudget?: number; tif?: TimeInForce; stp?: SelfTradePrevention; refuseIfUnaffordable?: boolean } = {},
): PlaceCommand => ({
  kind: 'place',
  orderId,
  accountId,
  side,
  type: 'market',
  price: 0,
  quantity,
  tif: options.tif ?? 'IOC',
  stp: options.stp ?? 'cancelTaker',
  ...(options.quoteBudget !== undefined ? { quoteBudget: options.quoteBudget } : {}),
  ...(options.refuseIfUnaffordable ? { refuseIfUnaffordable: true } : {}),
});

export const cancel = (orderId: number, accountId: number): CancelCommand => ({ kind: 'cancel', orderId, accountId });

const accepted = (c: PlaceCommand): EngineEvent => ({
  type: 'accepted',
  orderId: c.orderId,
  accountId: c.accountId,
  side: c.side,
  price: c.type === 'limit' ? c.price : 0,
  quantity: c.quantity,
});

const trade = (maker: PlaceCommand, taker: PlaceCommand, price: number, quantity: number, makerDone: boolean): EngineEvent => ({
  type: 'trade',
  makerOrderId: maker.orderId,
  makerAccountId: maker.accountId,
  takerOrderId: taker.orderId,
  takerAccountId: taker.accountId,
  takerSide: taker.side,
  price,
  quantity,
  makerDone,
});

const cancelled = (c: { orderId: number; accountId: number }, remaining: number, reason: CancelReason): EngineEvent => ({
  type: 'cancelled',
  orderId: c.orderId,
  accountId: c.accountId,
  remaining,
  reason,
});

const rejected = (c: { orderId: number; accountId: number }, reason: RejectReason): EngineEvent => ({
  type: 'rejected',
  orderId: c.orderId,
  accountId: c.accountId,
  reason,
});

const resting = (c: PlaceCommand, remaining = c.quantity): RestingOrder => ({
  orderId: c.orderId,
  accountId: c.accountId,
  side: c.side,
  price: c.price,
  remaining,
});

// A small book used by many scenarios: bids 99 (×2 orders), 98; asks 101 (×2 orders), 102.
const b1 = limit(1, 10, 'buy', 99, 5);
const b2 = limit(2, 11, 'buy', 99, 3);
const b3 = limit(3, 12, 'buy', 98, 10);
const a1 = limit(4, 20, 'sell', 101, 4);
const a2 = limit(5, 21, 'sell', 101, 6);
const a3 = limit(6, 22, 'sell', 102, 10);
const BOOK = [b1, b2, b3, a1, a2, a3];
const FULL_BOOK = [resting(b1), resting(b2), resting(b3), resting(a1), resting(a2), resting(a3)];

export const SCENARIOS: Scenario[] = (() => {
  const list: Scenario[] = [];
  const add = (s: Scenario) => list.push(s);
  /** On the small book, `when` arrives; `then` says the events and the book after them. */
  const onBook = <C extends PlaceCommand | CancelCommand>(name: string, when: C, then: (o: C) => Pick<Scenario, 'events' | 'book'>) => add({ name, given: BOOK, when, ...then(when) });
  /** On the small book, `when` is refused for `reason` and the book stays as it was. */
  const refused = (name: string, when: PlaceCommand | CancelCommand, reason: RejectReason) => add({ name, given: BOOK, when, events: [rejected(when, reason)], book: FULL_BOOK });

  onBook('a limit order that does not cross rests at its price', limit(7, 30, 'buy', 100, 1), (o) => ({ events: [accepted(o)], book: [...FULL_BOOK, resting(o)].sort(bookOrder) }));
  onBook('a crossing limit order trades at the maker price, oldest maker first', limit(7, 30, 'buy', 101, 4), (o) => ({
    events: [accepted(o), trade(a1, o, 101, 4, true)],
    book: FULL_BOOK.filter((r) => r.orderId !== 4),
  }));
  onBook('time priority within a level: the older order fills fully before the newer one', limit(7, 30, 'buy', 101, 7), (o) => ({
    events: [accepted(o), trade(a1, o, 101, 4, true), trade(a2, o, 101, 3, false)],
    book: [resting(b1), resting(b2), resting(b3), resting(a2, 3), resting(a3)],
  }));
  onBook('a limit order sweeps levels best price first and stops at its own limit', limit(7, 30, 'buy', 102, 15), (o) => ({
    events: [accepted(o), trade(a1, o, 101, 4, true), trade(a2, o, 101, 6, true), trade(a3, o, 102, 5, false)],
    book: [resting(b1), resting(b2), resting(b3), resting(a3, 5)],
  }));
  onBook('a partly filled limit order rests its remainder at its price', limit(7, 30, 'buy', 101, 12), (o) => ({
    events: [accepted(o), trade(a1, o, 101, 4, true), trade(a2, o, 101, 6, true)],
    book: [resting(o, 2), resting(b1), resting(b2), resting(b3), resting(a3)],
  }));
  onBook('a sell sweeps bids from the highest', limit(7, 30, 'sell', 98, 9), (o) => ({
    events: [accepted(o), trade(b1, o, 99, 5, true), trade(b2, o, 99, 3, true), trade(b3, o, 98, 1, false)],
    book: [resting(b3, 9), resting(a1), resting(a2), resting(a3)],
  }));
  onBook('a market sell takes every bid and the rest is cancelled as unfilled', market(7, 30, 'sell', 30), (o) => ({
    events: [accepted(o), trade(b1, o, 99, 5, true), trade(b2, o, 99, 3, true), trade(b3, o, 98, 10, true), cancelled(o, 12, CancelReason.unfilled)],
    book: [resting(a1), resting(a2), resting(a3)],
  }));
  onBook('a market buy bounded by funds stops when the budget cannot buy one more lot', market(7, 30, 'buy', Number.MAX_SAFE_INTEGER, { quoteBudget: 101 * 4 + 101 * 6 + 102 * 2 + 50 }), (o) => ({
    events: [accepted(o), trade(a1, o, 101, 4, true), trade(a2, o, 101, 6, true), trade(a3, o, 102, 2, false), cancelled(o, Number.MAX_SAFE_INTEGER - 12, CancelReason.budget)],
    book: [resting(b1), resting(b2), resting(b3), resting(a3, 8)],
  }));
  // Binance's market buy of a base quantity (issue 49): the buyer's balance bounds it, and one the
  // balance cannot pay for is refused whole rather than filled as far as the money goes.
  refused(
    'a market buy of a quantity that its budget cannot pay for is refused, the book untouched',
    market(7, 30, 'buy', 12, { quoteBudget: 101 * 10 + 102 * 2 - 1, refuseIfUnaffordable: true }),
    RejectReason.insufficientBudget,
  );
  onBook('a market buy of a quantity whose budget just pays for it fills it', market(7, 30, 'buy', 12, { quoteBudget: 101 * 10 + 102 * 2, refuseIfUnaffordable: true }), (o) => ({
    events: [accepted(o), trade(a1, o, 101, 4, true), trade(a2, o, 101, 6, true), trade(a3, o, 102, 2, false)],
    book: [resting(b1), resting(b2), resting(b3), resting(a3, 8)],
  }));
  onBook('a market buy of more than the book holds takes it all when the budget pays: a thin book is no refusal', market(7, 30, 'buy', 30, { quoteBudget: 10_000, refuseIfUnaffordable: true }), (o) => ({
    events: [accepted(o), trade(a1, o, 101, 4, true), trade(a2, o, 101, 6, true), trade(a3, o, 102, 10, true), cancelled(o, 10, CancelReason.unfilled)],
    book: [resting(b1), resting(b2), resting(b3)],
  }));
  onBook('a market buy of a quantity stopped by its own ask first is no refusal either', market(7, 20, 'buy', 5, { quoteBudget: 1, refuseIfUnaffordable: true }), (o) => ({
    events: [accepted(o), cancelled(o, 5, CancelReason.selfTrade)],
    book: FULL_BOOK,
  }));
  onBook('a market buy by quantity fills exactly that quantity', market(7, 30, 'buy', 5), (o) => ({
    events: [accepted(o), trade(a1, o, 101, 4, true), trade(a2, o, 101, 1, false)],
    book: [resting(b1), resting(b2), resting(b3), resting(a2, 5), resting(a3)],
  }));
  {
    const o = market(7, 30, 'buy', 5);
    add({ name: 'a market order on an empty side is cancelled as unfilled', given: [b1], when: o, events: [accepted(o), cancelled(o, 5, CancelReason.unfilled)], book: [resting(b1)] });
  }
  onBook('IOC fills what it can and cancels the rest instead of resting', limit(7, 30, 'buy', 101, 12, 'IOC'), (o) => ({
    events: [accepted(o), trade(a1, o, 101, 4, true), trade(a2, o, 101, 6, true), cancelled(o, 2, CancelReason.unfilled)],
    book: [resting(b1), resting(b2), resting(b3), resting(a3)],
  }));
  refused('FOK that cannot fill entirely is rejected and the book is untouched', limit(7, 30, 'buy', 101, 11, 'FOK'), RejectReason.cannotFillCompletely);
  onBook('FOK that can fill entirely fills entirely', limit(7, 30, 'buy', 102, 11, 'FOK'), (o) => ({
    events: [accepted(o), trade(a1, o, 101, 4, true), trade(a2, o, 101, 6, true), trade(a3, o, 102, 1, false)],
    book: [resting(b1), resting(b2), resting(b3), resting(a3, 9)],
  }));
  refused('POST_ONLY that would take liquidity is rejected', limit(7, 30, 'buy', 101, 1, 'POST_ONLY'), RejectReason.wouldTakeLiquidity);
  onBook('POST_ONLY that does not cross rests', limit(7, 30, 'buy', 100, 1, 'POST_ONLY'), (o) => ({ events: [accepted(o)], book: [...FULL_BOOK, resting(o)].sort(bookOrder) }));
  onBook('self-trade, cancelTaker: the incoming order is cancelled, the resting one stays', limit(8, 20, 'buy', 101, 3, 'GTC', 'cancelTaker'), (own) => ({
    events: [accepted(own), cancelled(own, 3, CancelReason.selfTrade)],
    book: FULL_BOOK,
  }));
  onBook('self-trade, cancelMaker: the resting order is cancelled and matching goes on', limit(8, 20, 'buy', 101, 3, 'GTC', 'cancelMaker'), (own) => ({
    events: [accepted(own), cancelled(a1, 4, CancelReason.selfTrade), trade(a2, own, 101, 3, false)],
    book: [resting(b1), resting(b2), resting(b3), resting(a2, 3), resting(a3)],
  }));
  onBook('self-trade, cancelBoth: both orders are cancelled', limit(8, 20, 'buy', 101, 3, 'GTC', 'cancelBoth'), (own) => ({
    events: [accepted(own), cancelled(a1, 4, CancelReason.selfTrade), cancelled(own, 3, CancelReason.selfTrade)],
    book: FULL_BOOK.filter((r) => r.orderId !== 4),
  }));
  onBook('self-trade after a fill: what already traded stands, the rest is cancelled', limit(8, 21, 'buy', 101, 6, 'GTC', 'cancelTaker'), (own) => ({
    events: [accepted(own), trade(a1, own, 101, 4, true), cancelled(own, 2, CancelReason.selfTrade)],
    book: [resting(b1), resting(b2), resting(b3), resting(a2), resting(a3)],
  }));
  onBook('the owner cancels a resting order', cancel(2, 11), () => ({ events: [cancelled(b2, 3, CancelReason.user)], book: FULL_BOOK.filter((r) => r.orderId !== 2) }));
  refused('another account cannot cancel an order', cancel(2, 99), RejectReason.notOwner);
  refused('cancelling an unknown order is refused', cancel(77, 11), RejectReason.unknownOrder);
  refused('an order id already resting is refused', limit(3, 12, 'buy', 90, 1), RejectReason.duplicateOrderId);
  for (const [name, quantity] of [['zero', 0], ['negative', -1], ['fractional', 1.5], ['unsafe', 2 ** 60]] as const) {
    refused(`a ${name} quantity is refused`, limit(7, 30, 'buy', 100, quantity), RejectReason.invalidQuantity);
  }
  for (const [name, orderId, accountId] of [['zero order id', 0, 30], ['fractional order id', 7.5, 30], ['NaN account', 8, Number.NaN]] as const) {
    refused(`an order with a ${name} is refused`, limit(orderId, accountId, 'buy', 100, 1), RejectReason.invalidId);
  }
  for (const [name, price] of [['zero', 0], ['negative', -5], ['fractional', 100.5]] as const) {
    refused(`a ${name} limit price is refused`, limit(7, 30, 'buy', price, 1), RejectReason.invalidPrice);
  }
  refused('an order whose amount overflows safe integers is refused', limit(7, 30, 'buy', 2 ** 30, 2 ** 30), RejectReason.amountTooLarge);
  refused('a market buy with neither a quantity nor a budget is refused', market(7, 30, 'buy', Number.MAX_SAFE_INTEGER), RejectReason.missingBudget);
  refused('a POST_ONLY market order is refused', market(7, 30, 'buy', 1, { tif: 'POST_ONLY' }), RejectReason.wouldTakeLiquidity);
  return list;
})();

/** Bids best (highest) first, then asks best (lowest) first; time priority is the given order. */
function bookOrder(x: RestingOrder, y: RestingOrder): number {
  if (x.side !== y.side) return x.side === 'buy' ? -1 : 1;
  if (x.price !== y.price) return x.side === 'buy' ? y.price - x.price : x.price - y.price;
  return 0;
}
