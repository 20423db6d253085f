import { isDecimalInput } from '../../../domain/decimalRule.js';
import type { PlaceSpotOrder } from '../../../domain/spotOrders.js';
import { decimalToScaledCeil, decimalToUnits } from '../../kernel/exchange/market/units.js';
import './messages.js';
import type { TradingMessageKey } from './messages.js';
import type { PairSpec } from '../../kernel/exchange/pairSpec.js';
import type { PlaceOrderRequest } from './spotMarket.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import { numberVar } from '../../kernel/platform/i18n/messages.js';
import { listedBy } from '../../kernel/platform/pairListing.js';

export type PlaceCheck =
  | { ok: true; request: Omit<PlaceOrderRequest, 'userId' | 'submission'> }
  | { ok: false; key: TradingMessageKey; vars?: Record<string, string> };

/**
 * The order form's rules on the server (spec §9): a limit order needs price and quantity, a market
 * sell a quantity, a market buy an amount (the quote to spend). Each value is a positive decimal with
 * no more places than the pair allows: price and amount (both in quote) the price precision,
 * quantity (base) the amount precision. Fields a type does not use are ignored. Then the pair's
 * minimums: a quantity at least `minQuantity`, a value (price × quantity, or a market buy's amount)
 * at least `minNotional`. A market sell's value is not known before it matches, so only its quantity
 * is checked.
 */
/** A pair's smallest order, read with its trading status (an operator may change both at runtime). */
export interface PairMinimums {
  minQuantity: string;
  minNotional: string;
  /** The operator's reason while the market is halted (issue 52 §1); null when it trades. */
  haltedReason?: string | null;
}

/**
 * `marketBuyByQuantity`: a market buy names the base `quantity` to buy instead of an `amount` to
 * spend (the Binance dialect's MARKET BUY by quantity), bounded by the buyer's balance; checked as a
 * market sell's quantity is (its value is not known before it matches). The browser's form never asks.
 */
export function checkPlace(body: PlaceSpotOrder, spec: PairSpec, minimums: PairMinimums, { marketBuyByQuantity = false } = {}): PlaceCheck {
  const { side, type } = body;
  const byQuantity = type === 'market' && side === 'buy' && marketBuyByQuantity;
  const needs: Array<'price' | 'quantity' | 'amount'> = type === 'limit' ? ['price', 'quantity'] : side === 'sell' || byQuantity ? ['quantity'] : ['amount'];
  for (const field of needs) {
    const failure = checkValue(field, body[field], field === 'quantity' ? spec.amountPrecision : spec.pricePrecision);
    if (failure) return failure;
  }
  const small = belowMinimum(body, needs, spec, minimums);
  if (small) return small;
  if (body.time_in_force !== undefined && body.time_in_force !== 'GTC' && type !== 'limit') return { ok: false, key: 'spotTimeInForceLimitOnly' };
  if (type === 'limit') return { ok: true, request: { side, type, price: body.price!, quantity: body.quantity!, ...(body.time_in_force ? { tif: body.time_in_force } : {}) } };
  if (side === 'sell') return { ok: true, request: { side, type, quantity: body.quantity! } };
  if (byQuantity) return { ok: true, request: { side, type, quantity: body.quantity!, boundByBalance: true } };
  return { ok: true, request: { side, type, quoteBudget: body.amount! } };
}

const KEYS = {
  price: { required: 'spotPriceRequired', malformed: 'spotPriceMalformed', positive: 'spotPricePositive', precision: 'spotPricePrecision' },
  quantity: { required: 'spotQuantityRequired', malformed: 'spotQuantityMalformed', positive: 'spotQuantityPositive', precision: 'spotQuantityPrecision' },
  amount: { required: 'spotAmountRequired', malformed: 'spotAmountMalformed', positive: 'spotAmountPositive', precision: 'spotAmountPrecision' },
  trigger: { required: 'spotStopTriggerInvalid', malformed: 'spotTriggerMalformed', positive: 'spotStopTriggerInvalid', precision: 'spotTriggerPrecision' },
} as const satisfies Record<string, Record<string, TradingMessageKey>>;

/** A stop's trigger price, refused as a price is, in a trigger's words (every malformed one read "Enter a trigger price above zero"). */
export const checkTrigger = (value: string | undefined, spec: PairSpec) => checkValue('trigger', value, spec.pricePrecision);

function checkValue(field: keyof typeof KEYS, value: string | undefined, places: number): Extract<PlaceCheck, { ok: false }> | undefined {
  const keys = KEYS[field];
  if (value === undefined || value === '') return { ok: false, key: keys.required };
  if (value.startsWith('-')) return { ok: false, key: keys.positive };
  // The one decimal rule (decimalRule.ts): "00001" or "1e0" is refused here as a transfer refuses it.
  if (!isDecimalInput(value)) return { ok: false, key: keys.malformed };
  const units = decimalToUnits(value, places);
  if (units === undefined) {
    // Too many places, or too large to be exact: the first is the one a user can fix.
    const fraction = value.split('.')[1]?.replace(/0+$/, '') ?? '';
    return fraction.length > places ? { ok: false, key: keys.precision, vars: { digits: String(places) } } : { ok: false, key: 'spotOrderTooLarge' };
  }
  if (units <= 0) return { ok: false, key: keys.positive };
  return undefined;
}

function belowMinimum(
  body: PlaceSpotOrder,
  fields: Array<'price' | 'quantity' | 'amount'>,
  spec: PairSpec,
  { minQuantity, minNotional }: PairMinimums,
): Extract<PlaceCheck, { ok: false }> | undefined {
  const { pricePrecision: p, amountPrecision: a } = spec;
  if (fields.includes('quantity') && BigInt(decimalToUnits(body.quantity!, a)!) < decimalToScaledCeil(minQuantity, a)!) {
    return { ok: false, key: 'spotQuantityBelowMinimum', vars: { min: numberVar(minQuantity), currency: spec.left } };
  }
  const value =
    fields.includes('price') ? BigInt(decimalToUnits(body.price!, p)!) * BigInt(decimalToUnits(body.quantity!, a)!)
    : fields.includes('amount') ? BigInt(decimalToUnits(body.amount!, p)!) * 10n ** BigInt(a)
    : undefined;
  if (value !== undefined && value < decimalToScaledCeil(minNotional, p + a)!) {
    return { ok: false, key: 'spotValueBelowMinimum', vars: { min: numberVar(minNotional), currency: spec.right } };
  }
  return undefined;
}

/** A listed pair's minimums and halt, as the order intake and the stops read them (issue 52 §1). Undefined for a pair not trading. */
export async function readPairMinimums(db: Queryable, pair: { left: string; right: string }): Promise<PairMinimums | undefined> {
  const [row] = await db.query<PairMinimums>(
    `select trim_scale(min_quantity)::text as "minQuantity", trim_scale(min_notional)::text as "minNotional", halted_reason as "haltedReason"
     from pair where left_symbol = $1 and right_symbol = $2 and ${listedBy('spot')}`,
    [pair.left, pair.right],
  );
  return row;
}
