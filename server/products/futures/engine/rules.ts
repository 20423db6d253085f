import { isOpening, MARGIN_AMOUNT_PLACES, positionSideOf, type FuturesAction, type MarginAdjustment, type MarginMode } from '../../../../domain/futures/api.js';
import { isPositiveDecimalInput } from '../../../../domain/decimalRule.js';
import { bracketOf, maxLeverageOf, positionLimitOf, type LeverageBracket } from '../../../../domain/futures/brackets.js';
import { divFx, fx, FX_ONE, fxText, maxFx, minFx, mulFx, roundFx, type Fx } from '../../../../domain/fx.js';
import { maxRemovableMargin, openCost } from '../../../../domain/futures/formulas.js';
import { FuturesOrderStatus as S } from '../../../../domain/futures/orderStatus.js';
import { decimalToUnits } from '../../../kernel/exchange/market/units.js';
import type { BookLevel } from '../../../kernel/exchange/matching/types.js';
import type { FuturesMessageKey } from '../messages.js';
import { numberVar } from '../../../kernel/platform/i18n/messageVars.js';
import { fxToTicks, lotsToFx, ticksToFx, type FuturesPair } from '../pairs.js';
import type { PlanState } from '../plans.js';
import { entryPrice, type Position } from '../positions.js';
import type { PlaceRequest } from '../commands.js';

/*
 * The exchange's rules as pure functions: data in, a decision or a refusal out, no database, no
 * order book, no batch. The engine's steps (place.ts, account.ts, engine.ts) apply them; the
 * exchange's I/O (../place.ts, ../handlers.ts) gathers the data and carries the decisions out, so
 * the rules can be read, and tested, apart from the I/O around them.
 */

/** A rule's no: the message key (and its variables) the command is refused with. */
export interface Refusal {
  refusal: FuturesMessageKey;
  vars?: Record<string, string>;
}
const no = (refusal: FuturesMessageKey, vars?: Record<string, string>): Refusal => ({ refusal, vars });
/** An amount or a price a refusal names, written in the reader's number style (German 3.030, English 3,030). */
const amountVar = (value: Fx): string => numberVar(fxText(value));
export const isRefusal = (v: unknown): v is Refusal => typeof v === 'object' && v !== null && 'refusal' in v;

/**
 * One-way mode: an opening order opposite to the position reduces it (it becomes that position's
 * close); reduce-only refuses anything else that would open or increase a position.
 */
export function oneWayAction(action: FuturesAction, positionSide: number, reduceOnly: boolean | undefined): { action: FuturesAction; reduces: boolean } | Refusal {
  const reduces = isOpening(action) && positionSide === -positionSideOf(action);
  if (reduces) return { action: positionSide === 1 ? 'close_long' : 'close_short', reduces };
  if (reduceOnly && isOpening(action)) return no('futuresReduceOnlyIncreases');
  return { action, reduces };
}

/** A decimal order quantity in whole lots of the pair. */
export function orderQuantity(pair: FuturesPair, quantity: string): Fx | Refusal {
  const lots = decimalToUnits(quantity, pair.spec.amountPrecision);
  if (lots === undefined || lots <= 0) return no('futuresQuantityInvalid', { places: String(pair.spec.amountPrecision) });
  return lotsToFx(pair, lots);
}

/** A TP/SL trigger or exec price in whole ticks as Fx; null when absent, undefined when not a price of the pair. */
export function planPrice(pair: FuturesPair, value: string | undefined): Fx | null | undefined {
  if (value === undefined) return null;
  const ticks = decimalToUnits(value, pair.spec.pricePrecision);
  return ticks === undefined ? undefined : ticksToFx(pair, ticks);
}

/** A TP/SL trigger by ROE: a percentage with at most 2 places, as Fx; undefined when absent or not such a decimal. */
export function roeDecimal(value: string | undefined): Fx | undefined {
  const units = value === undefined ? undefined : decimalToUnits(value, 2);
  return units === undefined ? undefined : (BigInt(units) * FX_ONE) / 100n;
}

/**
 * A limit order's price in whole ticks of the pair (undefined for a market order). A market order
 * uses no price, but one it carries must still be a price: "-1" or "1e3" is refused, not ignored.
 */
export function limitPrice(pair: FuturesPair, type: 'limit' | 'market', price: string | undefined): Fx | undefined | Refusal {
  if (type !== 'limit' && price === undefined) return undefined;
  const ticks = price === undefined ? undefined : decimalToUnits(price, pair.spec.pricePrecision);
  if (ticks === undefined || ticks <= 0) return no('futuresPriceInvalid', { places: String(pair.spec.pricePrecision) });
  return type === 'limit' ? ticksToFx(pair, ticks) : undefined;
}

/**
 * The price the order goes into the engine at: a market order reaches at most the 30th level of
 * the other side, so it goes in as IOC at that level's price (§9); a limit order at its limit.
 */
export function enginePriceOf(pair: FuturesPair, limit: Fx | undefined, opposite: readonly BookLevel[]): Fx | Refusal {
  if (limit !== undefined) return limit;
  const worst = opposite[opposite.length - 1];
  if (!worst) return no('futuresNoLiquidity');
  return ticksToFx(pair, worst.price);
}

/**
 * The furthest from the mark an opening order may trade: where the part it opens would start
 * bankrupt at the mark on its own initial margin (q × |P − mark| = q × P ÷ leverage) — a buy at
 * most mark × L ÷ (L − 1) (none at 1×), a sell at least mark × L ÷ (L + 1), on the tick toward the
 * mark. Without it one account bought from another at twice the mark and was liquidated at once,
 * the insurance fund paying the loss beyond its margin — the seller's gain. Undefined: no bound.
 */
export function openBound(pair: FuturesPair, side: 'buy' | 'sell', leverage: number, mark: Fx | undefined): Fx | undefined {
  if (mark === undefined || mark <= 0n) return undefined;
  const l = BigInt(leverage);
  if (side === 'buy') return l <= 1n ? undefined : ticksToFx(pair, fxToTicks(pair, (mark * l) / (l - 1n), 'down'));
  return ticksToFx(pair, fxToTicks(pair, (mark * l) / (l + 1n), 'up'));
}

/**
 * An opening order's engine price within openBound: a limit beyond it is refused, a market order
 * goes to the book no further than it (what it cannot fill there is cancelled, as past the 30th level).
 */
export function openPrice(o: { pair: FuturesPair; side: 'buy' | 'sell'; type: 'limit' | 'market'; enginePrice: Fx; leverage: number; mark: Fx | undefined }): Fx | Refusal {
  const bound = openBound(o.pair, o.side, o.leverage, o.mark);
  if (bound === undefined || (o.side === 'buy' ? o.enginePrice <= bound : o.enginePrice >= bound)) return o.enginePrice;
  return o.type === 'limit' ? no('futuresOpenFarFromMark', { mark: amountVar(o.mark!), price: amountVar(bound) }) : bound;
}

/**
 * What an opening order must hold, or why it may not open: never against opening orders the
 * other way, never past the pair's position limit or the leverage its size's bracket allows,
 * never for more than the account has. The hold price is the highest the order can trade at: a
 * buy its limit (or the 30th ask); a sell the best bid if above its limit. The fee is held at
 * `feeRate`, the user's own taker rate (issue 52 §2), so nobody freezes more than their fee needs.
 */
export function openingHold(o: {
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  enginePrice: Fx;
  bestBid: Fx;
  /** The position's quantity, what the user's opening orders on the pair still hold, and this order's. */
  position: Fx;
  pending: Fx;
  quantity: Fx;
  oppositeOrders: boolean;
  leverage: number;
  brackets: readonly LeverageBracket[];
  available: Fx;
  feeRate: Fx;
}): { holdPrice: Fx; held: Fx } | Refusal {
  if (o.oppositeOrders) return no('futuresOppositeOrders');
  const holdPrice = o.side === 'buy' ? o.enginePrice : maxFx(o.type === 'market' ? o.bestBid : o.enginePrice, o.bestBid);
  const notional = mulFx(o.position + o.pending + o.quantity, holdPrice, 'up');
  if (notional > positionLimitOf(o.brackets)) return no('futuresPositionLimit', { limit: amountVar(positionLimitOf(o.brackets)) });
  if (bracketOf(o.brackets, notional).maxLeverage < o.leverage) return no('futuresLeverageTooHighForSize', { max: String(bracketOf(o.brackets, notional).maxLeverage) });
  const held = openCost(o.quantity, holdPrice, o.leverage, o.feeRate);
  if (o.available < held) return no('futuresInsufficientMargin', { needed: amountVar(held) });
  return { holdPrice, held };
}

/** A closing order closes the position it names, for at most what is closable. */
export function closeRefusal(positionSide: number, action: FuturesAction, quantity: Fx, closable: Fx, reduces: boolean): Refusal | undefined {
  if (positionSide !== positionSideOf(action)) return no('futuresNoPosition');
  if (quantity <= 0n || quantity > closable) return no(reduces ? 'futuresReduceExceedsClosable' : 'futuresCloseExceedsClosable', { closable: amountVar(closable) });
  return undefined;
}

/**
 * The worst price a close of `quantity` of `pos` may trade at: where its loss uses up what backs
 * it — the margin its quantity frees (the fill's pro-rata share, cut as fillOrder cuts it), plus,
 * for a cross position, the account's `available` balance. Long: P ≥ (cost share − backing) ÷ q;
 * short: P ≤ (backing − cost share) ÷ q (the cost is signed), on the pair's tick toward the entry.
 * Undefined for a long whose backing covers a fall to zero. Without this bound two accounts drained
 * the insurance fund: one closed into the other's bid far below the mark, and the fund paid the
 * loss beyond the margin — a gap the fund exists to pay for liquidations, not for a chosen price.
 */
export function closeBound(pair: FuturesPair, pos: Position, quantity: Fx, available: Fx): Fx | undefined {
  if (pos.side === 0 || pos.quantity <= 0n || quantity <= 0n) return undefined;
  const costShare = (pos.cost * quantity) / pos.quantity;
  const backing = (pos.margin * quantity) / pos.quantity + (pos.mode === 'cross' ? maxFx(0n, available) : 0n);
  if (pos.side === 1) {
    const raw = divFx(costShare - backing, quantity, 'up');
    return raw <= 0n ? undefined : ticksToFx(pair, fxToTicks(pair, raw, 'up'));
  }
  return ticksToFx(pair, fxToTicks(pair, divFx(backing - costShare, quantity, 'down'), 'down'));
}

/**
 * What a close of `quantity` at `price` would lose beyond the margin its quantity frees (0 when
 * none): a cross close holds it from available while it waits (newOrder), so neither a transfer
 * nor another order can take what its fill must pay, and each fill releases its share (fillOrder).
 */
export function lossBeyondMargin(pos: Position, quantity: Fx, price: Fx): Fx {
  if (pos.side === 0 || pos.quantity <= 0n) return 0n;
  const costShare = (pos.cost * quantity) / pos.quantity;
  const marginShare = (pos.margin * quantity) / pos.quantity;
  return maxFx(0n, costShare - BigInt(pos.side) * mulFx(quantity, price) - marginShare);
}

/**
 * A user's close against its bound (closeBound): a limit beyond it is refused, a market close goes
 * to the book no further than it (its rest stays open, as a market close past the 30th level does);
 * a cross close holds what its price loses beyond the margin (lossBeyondMargin). A liquidation is
 * not bounded: its gap is what the insurance fund is for.
 */
export function closeTerms(o: { pair: FuturesPair; pos: Position; quantity: Fx; type: 'limit' | 'market'; enginePrice: Fx; available: Fx; liquidation: boolean }): { enginePrice: Fx; held: Fx } | Refusal {
  if (o.liquidation) return { enginePrice: o.enginePrice, held: 0n };
  const bound = closeBound(o.pair, o.pos, o.quantity, o.available);
  let price = o.enginePrice;
  if (bound !== undefined && (o.pos.side === 1 ? price < bound : price > bound)) {
    if (o.type === 'limit') return no('futuresCloseBeyondBankruptcy', { price: amountVar(bound) });
    price = bound;
  }
  // Never more than available: the bound's tick rounding leaves at most a unit of dust between them.
  const held = o.pos.mode === 'cross' ? minFx(lossBeyondMargin(o.pos, o.quantity, price), maxFx(0n, o.available)) : 0n;
  return { enginePrice: price, held };
}

/** Position minus what its open close orders hold. */
export const closableOf = (pos: Position, heldByCloses: Fx): Fx => (pos.side === 0 ? 0n : maxFx(0n, pos.quantity - heldByCloses));

/** A leverage the pair allows: a whole number from 1 to its brackets' maximum. */
export function leverageRefusal(brackets: readonly LeverageBracket[], leverage: number): Refusal | undefined {
  if (!Number.isInteger(leverage) || leverage < 1 || leverage > maxLeverageOf(brackets)) return no('futuresLeverageInvalid', { max: String(maxLeverageOf(brackets)) });
  return undefined;
}

/** Leverage and margin mode change only while nothing is open or waiting on the pair (its margin and holds were figured with them). */
export const leverageLocked = (pos: Position, openOrders: boolean, leverage: number, mode: MarginMode): Refusal | undefined =>
  (pos.side !== 0 || openOrders) && (pos.mode !== mode || leverage !== pos.leverage) ? no('futuresLeverageLocked') : undefined;

/** A margin amount: positive, at most MARGIN_AMOUNT_PLACES decimals. */
export const marginAmountRefusal = (amount: string): Refusal | undefined =>
  isPositiveDecimalInput(amount, { places: MARGIN_AMOUNT_PLACES, integerDigits: 15 }) ? undefined : no('futuresMarginAmountInvalid');

/**
 * An isolated position's margin change, signed (the amount already checked by marginAmountRefusal):
 * an addition bounded by the account's available balance, a removal by maxRemovableMargin at the
 * mark (the entry while no mark is published).
 */
export function marginChange(o: { type: MarginAdjustment; amount: string; pos: Position; available: Fx; mark: Fx | undefined; brackets: readonly LeverageBracket[]; closePrices?: readonly Fx[] }): Fx | Refusal {
  const { pos } = o;
  if (pos.side === 0) return no('futuresNoPosition');
  if (pos.mode !== 'isolated') return no('futuresMarginNotIsolated');
  const value = fx(o.amount);
  if (o.type === 'add') return value > o.available ? no('futuresMarginAddTooMuch', { available: amountVar(o.available) }) : value;
  let max = maxRemovableMargin({ side: pos.side as 1 | -1, quantity: pos.quantity, entry: entryPrice(pos), margin: pos.margin, leverage: pos.leverage, mark: o.mark ?? entryPrice(pos), brackets: o.brackets });
  // The resting closes were accepted within the margin (closeBound): it stays enough for the worst of them.
  for (const price of o.closePrices ?? []) {
    const keep = lossBeyondMargin({ ...pos, margin: 0n }, pos.quantity, price);
    max = minFx(max, maxFx(0n, roundFx(pos.margin - keep, MARGIN_AMOUNT_PLACES, 'down')));
  }
  return value > max ? no('futuresMarginRemoveTooMuch', { max: amountVar(max) }) : -value;
}

/** What a liquidation closes: an isolated position alone, or every cross position of the account (one margin). */
export const liquidationTargets = (pos: Position, accountPositions: readonly Position[]): Position[] =>
  pos.mode === 'cross' ? accountPositions.filter((p) => p.side !== 0 && p.mode === 'cross') : [pos];

/** A liquidation close whose deficit neither the insurance fund nor (cross) the account can pay is auto-deleveraged instead. */
export const mustDeleverage = (deficit: Fx, mode: MarginMode, insuranceAvailable: Fx, accountAvailable: Fx): boolean =>
  deficit > insuranceAvailable + (mode === 'cross' ? accountAvailable : 0n);

/**
 * The close order a fired plan places: its quantity (all when none) at most what is closable;
 * none when nothing is. An ROE plan records the mark it fired at as its trigger price.
 */
export function planOrder(plan: PlanState, closable: Fx, mark: Fx | undefined): Omit<PlaceRequest, 'key'> | undefined {
  const quantity = plan.quantity === null || plan.quantity > closable ? closable : plan.quantity;
  if (quantity <= 0n) return undefined;
  return {
    userId: plan.userId,
    symbol: plan.symbol,
    action: plan.positionSide === 1 ? 'close_long' : 'close_short',
    type: plan.execType,
    price: plan.execPrice === null ? undefined : fxText(plan.execPrice),
    quantity: fxText(quantity),
    source: plan.kind,
    triggerPrice: plan.triggerBy === 'roe' ? mark : plan.triggerValue,
  };
}

/** Whether an order still waits in (or for) the book: memory keeps only these. */
export const isOpenStatus = (status: number): boolean => status === S.entrusted || status === S.submitted || status === S.partiallyTraded || status === S.cancelling;
