/**
 * Feeds our command stream to the npm package nodejs-order-book, for comparison. Its calls are
 * built before timing: string ids (`String(orderId)`), string account ids, its own enums.
 *
 * Mapping: limit GTC/IOC/FOK → `limit({ timeInForce })`; POST_ONLY → `limit({ postOnly: true })`;
 * market → `market({ side, size })`; cancel → `cancel(id)`; our STP modes cancelTaker /
 * cancelMaker / cancelBoth → its EXPIRE_TAKER / EXPIRE_MAKER / EXPIRE_BOTH.
 */
import { OrderBook, SelfTradePreventionMode, Side, type IProcessOrder, type LimitOrderOptions, type MarketOrderOptions } from 'nodejs-order-book';
import type { Command, SelfTradePrevention } from '../server/kernel/exchange/matching/types.js';

export const PACKAGE_NAME = 'nodejs-order-book';

const LIMIT = 0;
const MARKET = 1;
const CANCEL = 2;

/** One pre-built call; one class so the timed loop sees one object shape. */
export class PackageOp {
  constructor(
    readonly kind: number,
    readonly limit: LimitOrderOptions | null,
    readonly market: MarketOrderOptions | null,
    /** The order id for a limit order or a cancel ('' for market orders, which have none). */
    readonly id: string,
  ) {}
}

const STP: Record<SelfTradePrevention, SelfTradePreventionMode> = {
  cancelTaker: SelfTradePreventionMode.EXPIRE_TAKER,
  cancelMaker: SelfTradePreventionMode.EXPIRE_MAKER,
  cancelBoth: SelfTradePreventionMode.EXPIRE_BOTH,
};

type PackageTimeInForce = NonNullable<LimitOrderOptions['timeInForce']>;

export function toPackageOps(commands: readonly Command[]): PackageOp[] {
  const accounts = new Map<number, string>();
  const account = (id: number) => {
    let name = accounts.get(id);
    if (name === undefined) accounts.set(id, (name = `acct-${id}`));
    return name;
  };
  return commands.map((c) => {
    if (c.kind === 'cancel') return new PackageOp(CANCEL, null, null, String(c.orderId));
    const side = c.side === 'buy' ? Side.BUY : Side.SELL;
    const accountId = account(c.accountId);
    const stpMode = STP[c.stp];
    if (c.type === 'market') return new PackageOp(MARKET, null, { side, size: c.quantity, accountId, stpMode }, '');
    const id = String(c.orderId);
    const postOnly = c.tif === 'POST_ONLY';
    const timeInForce = (postOnly ? 'GTC' : c.tif) as PackageTimeInForce;
    return new PackageOp(LIMIT, { id, side, size: c.quantity, price: c.price, timeInForce, postOnly, accountId, stpMode }, null, id);
  });
}

export function newPackageBook(): OrderBook {
  return new OrderBook();
}

/**
 * Applies one call and returns how many trades it made: one per maker order that was filled,
 * fully (in `done`, other than the taker itself) or partly (`partial`, when it is not the taker).
 */
export function applyPackageOp(book: OrderBook, op: PackageOp): number {
  if (op.kind === CANCEL) {
    book.cancel(op.id);
    return 0;
  }
  const result = op.kind === LIMIT ? book.limit(op.limit!) : book.market(op.market!);
  return countTrades(result, op.id);
}

function countTrades(result: IProcessOrder, takerId: string): number {
  let trades = 0;
  const done = result.done;
  for (let i = 0; i < done.length; i++) if (done[i]!.id !== takerId) trades += 1;
  const partial = result.partial;
  if (partial !== null && partial.id !== takerId && result.partialQuantityProcessed > 0) trades += 1;
  return trades;
}
