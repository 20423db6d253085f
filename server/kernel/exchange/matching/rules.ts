import { RejectReason, type PlaceCommand } from './types.js';

const MAX = Number.MAX_SAFE_INTEGER;

const positiveInteger = (n: number) => Number.isSafeInteger(n) && n > 0;

/**
 * The checks every engine makes before touching the book, so both implementations refuse the
 * same commands for the same reason. Returns undefined when the order may proceed.
 */
export function validatePlace(c: PlaceCommand): RejectReason | undefined {
  // Ids are compared with ===, so NaN or fractional ids could never be cancelled: refuse them.
  if (!positiveInteger(c.orderId) || !positiveInteger(c.accountId)) return RejectReason.invalidId;
  if (!positiveInteger(c.quantity)) return RejectReason.invalidQuantity;
  if (c.type === 'limit') {
    if (!positiveInteger(c.price)) return RejectReason.invalidPrice;
    // price × quantity ≤ MAX, without a division: the product of two positive integers is exact
    // up to 2^53, and any larger product rounds to at least 2^53, so the comparison is exact.
    if (c.price * c.quantity > MAX) return RejectReason.amountTooLarge;
  }
  if (c.type === 'market') {
    if (c.tif === 'POST_ONLY') return RejectReason.wouldTakeLiquidity;
    if (c.quoteBudget !== undefined && !positiveInteger(c.quoteBudget)) return RejectReason.missingBudget;
    if (c.side === 'buy' && c.quantity === MAX && c.quoteBudget === undefined) return RejectReason.missingBudget;
  }
  return undefined;
}

/** Whether a taker at `limit` (undefined for market) may trade at a resting `price`. */
export function crosses(side: 'buy' | 'sell', limit: number | undefined, price: number): boolean {
  if (limit === undefined) return true;
  return side === 'buy' ? price <= limit : price >= limit;
}

/** Whether `c` is to be refused rather than stopped by its budget: a market buy with a budget that asks so. */
export function refusesUnaffordable(c: PlaceCommand): boolean {
  return c.refuseIfUnaffordable === true && c.type === 'market' && c.side === 'buy' && c.quoteBudget !== undefined;
}

/** `c` without its budget: what the book alone would let it fill (compared with what the budget lets it). */
export function unbounded(c: PlaceCommand): PlaceCommand {
  const { quoteBudget: _budget, ...rest } = c;
  return rest;
}
