/**
 * Pure field logic of the order form: what each edit does to the other fields. Price × quantity is
 * the amount; typing the amount sets the quantity; the slider takes a share of what the side
 * spends (quote for a buy, base for a sell). Market buys are sized by amount, market sells by
 * quantity, and neither uses a price.
 */
import { isDecimalString, toFixedDecimal, trimZeros } from '../../../../../domain/decimal';
import { amountFor, decimalInput, percentOf, positiveEntry, quantityFor, readDecimal, shareOf } from '../../../../../domain/orderMath';
import { validateOrder, validateStop, type OrderErrors, type OrderRules } from '../../../../../domain/orderValidation';
import type { OrderSide, PlaceSpotOrder, PlaceSpotStop, SpotFeeRate, SpotTimeInForce } from '../../../../../domain/spotOrders';

/**
 * What the form places: a limit or market order (/api/spot/order_place), a stop-limit or an OCO
 * (/api/spot/stop_place; the OCO adds a take-profit limit price).
 */
export type FormOrderType = 'limit' | 'market' | 'stop' | 'oco';
export const FORM_ORDER_TYPES: readonly FormOrderType[] = ['limit', 'market', 'stop', 'oco'];

export interface FormPair {
  symbol: string;
  base: string;
  quote: string;
  pricePrecision: number;
  amountPrecision: number;
  /** The pair's smallest order quantity (base) and value (quote), decimal strings (Pair.min_quantity, min_notional). */
  minQuantity: string;
  minNotional: string;
}

export interface OrderFields {
  side: OrderSide;
  orderType: FormOrderType;
  /** The limit price (of a stop-limit: the price its order is placed at once triggered). */
  price: string;
  /** Stop-limit and OCO: the last price that triggers the stop. */
  triggerPrice: string;
  /** OCO: the take-profit limit order's price, placed at once. */
  limitPrice: string;
  /** Limit orders: GTC, IOC or POST_ONLY. */
  timeInForce: SpotTimeInForce;
  quantity: string;
  amount: string;
  /** Share of the available balance the order takes, 0..100 (what the slider shows). */
  percent: number;
  /** The trader set the price: a new last price no longer overwrites it. */
  priceTouched: boolean;
}

export interface OrderFormContext extends OrderFields {
  pair: FormPair;
  /** Spot available of base and quote; undefined until loaded. */
  available: { base?: string; quote?: string };
  feeRate: SpotFeeRate | undefined;
  errors: OrderErrors;
  /** Minted at submit, kept across a retry of the same order, dropped when the order changes. */
  idempotencyKey: string | undefined;
  pending: PendingPlace | undefined;
}

export interface PlaceInput {
  order: PlaceSpotOrder;
  idempotencyKey: string;
}

export interface PlaceStopInput {
  stop: PlaceSpotStop;
  idempotencyKey: string;
}

/** What is being sent: an order or a stop. */
export type PendingPlace = PlaceInput | PlaceStopInput;
export const isStopPlace = (p: PendingPlace | undefined): p is PlaceStopInput => p !== undefined && 'stop' in p;

/** Stop-limit and OCO are sized like a limit order: price × quantity. */
export const priced = (c: Pick<OrderFields, 'orderType'>) => c.orderType !== 'market';
export const isStop = (c: Pick<OrderFields, 'orderType'>) => c.orderType === 'stop' || c.orderType === 'oco';

type Patch = Partial<OrderFormContext>;

/** What the chosen side spends and may take a share of. */
export function spendable(c: Pick<OrderFormContext, 'side' | 'available'>): string | undefined {
  return c.side === 'buy' ? c.available.quote : c.available.base;
}

const sizedByAmount = (c: Pick<OrderFields, 'side' | 'orderType'>) => c.side === 'buy' && c.orderType === 'market';

function sliderFor(c: OrderFormContext, next: Pick<OrderFields, 'quantity' | 'amount'>): number {
  return percentOf(c.side === 'buy' ? next.amount : next.quantity, spendable(c));
}

/** Every edit forgets the previous submission's key and the edited field's message. */
const edited = (c: OrderFormContext, fields: Array<keyof OrderErrors>, patch: Patch): Patch => {
  const errors = { ...c.errors };
  for (const f of fields) delete errors[f];
  return { ...patch, errors, idempotencyKey: undefined };
};

/*
 * Fields keep exactly what was typed (decimalInput); the other fields follow from positive numbers
 * only (positiveEntry), and a figure that cannot be worked out is left empty rather than stale.
 * What is wrong with a field is the validation's to say at submit.
 */
export function withPrice(c: OrderFormContext, text: string): Patch {
  const price = decimalInput(text);
  const p = positiveEntry(price);
  const q = positiveEntry(c.quantity);
  const amount = q ? (p ? amountFor(p, q, c.pair.pricePrecision) : '') : c.amount;
  return edited(c, ['price', 'amount', 'quantity'], { price, amount, priceTouched: true, percent: sliderFor(c, { quantity: c.quantity, amount }) });
}

export function withQuantity(c: OrderFormContext, text: string): Patch {
  const quantity = decimalInput(text);
  const p = positiveEntry(c.price);
  const q = positiveEntry(quantity);
  const amount = priced(c) && p ? (q ? amountFor(p, q, c.pair.pricePrecision) : '') : quantity === '' ? '' : c.amount;
  return edited(c, ['quantity', 'amount'], { quantity, amount, percent: sliderFor(c, { quantity, amount }) });
}

export function withAmount(c: OrderFormContext, text: string): Patch {
  const amount = decimalInput(text);
  const p = positiveEntry(c.price);
  const a = positiveEntry(amount);
  const quantity = priced(c) && p ? (a ? quantityFor(a, p, c.pair.amountPrecision) : '') : amount === '' && !sizedByAmount(c) ? '' : c.quantity;
  return edited(c, ['quantity', 'amount'], { amount, quantity, percent: sliderFor(c, { quantity, amount }) });
}

/** The slider: a share of what the side spends; the other field follows when a price is known. */
export function withPercent(c: OrderFormContext, percent: number): Patch {
  const available = spendable(c);
  if (!isDecimalString(available)) return {};
  const { pricePrecision, amountPrecision } = c.pair;
  const limitPrice = priced(c) ? positiveEntry(c.price) : undefined;
  if (c.side === 'buy') {
    const amount = shareOf(available, percent, pricePrecision);
    const quantity = limitPrice ? quantityFor(amount, limitPrice, amountPrecision) : c.quantity;
    return edited(c, ['quantity', 'amount'], { amount, quantity, percent });
  }
  const quantity = shareOf(available, percent, amountPrecision);
  const amount = limitPrice ? amountFor(limitPrice, quantity, pricePrecision) : c.amount;
  return edited(c, ['quantity', 'amount'], { quantity, amount, percent });
}

/** A click on a book level: that price, as a limit order. */
export function withPickedPrice(c: OrderFormContext, price: string): Patch {
  return { ...withPrice({ ...c, orderType: 'limit' }, trimZeros(price)), orderType: 'limit' };
}

/** The last trade's price fills an empty price the trader has not touched yet. */
export function withLastPrice(c: OrderFormContext, price: string): Patch {
  if (c.priceTouched || c.price !== '' || !isDecimalString(price)) return {};
  return { price: trimZeros(toFixedDecimal(price, c.pair.pricePrecision, 'down')) };
}

/** Another side or type sizes the order differently: start the size over, keep the price. */
export function withSide(c: OrderFormContext, side: OrderSide): Patch {
  return side === c.side ? {} : { side, quantity: '', amount: '', percent: 0, errors: {}, idempotencyKey: undefined };
}

/** The stop's trigger and the OCO's take-profit price: typed as is, checked at submit. */
export function withTrigger(c: OrderFormContext, text: string): Patch {
  return edited(c, ['triggerPrice', 'limitPrice'], { triggerPrice: decimalInput(text) });
}

export function withLimitPrice(c: OrderFormContext, text: string): Patch {
  return edited(c, ['limitPrice'], { limitPrice: decimalInput(text) });
}

export function withTimeInForce(c: OrderFormContext, timeInForce: SpotTimeInForce): Patch {
  return timeInForce === c.timeInForce ? {} : { timeInForce, idempotencyKey: undefined };
}

export function withType(c: OrderFormContext, orderType: FormOrderType): Patch {
  return orderType === c.orderType ? {} : { orderType, quantity: '', amount: '', percent: 0, errors: {}, idempotencyKey: undefined };
}

/** After a placed order: the next one starts empty, at the same price. */
export const afterPlaced: Patch = { quantity: '', amount: '', percent: 0, errors: {}, idempotencyKey: undefined, pending: undefined };

export function rulesOf(c: OrderFormContext): OrderRules {
  const { pair } = c;
  return {
    side: c.side,
    type: c.orderType === 'market' ? 'market' : 'limit',
    pricePrecision: pair.pricePrecision,
    amountPrecision: pair.amountPrecision,
    available: spendable(c),
    minimum: { quantity: pair.minQuantity, notional: pair.minNotional, base: pair.base, quote: pair.quote },
  };
}

/** Every failing field of the form as it stands (the order's checks, then the stop's). */
export function validateForm(c: OrderFormContext): OrderErrors {
  const order = validateOrder(rulesOf(c), c);
  if (!isStop(c)) return order;
  return { ...validateStop({ side: c.side, pricePrecision: c.pair.pricePrecision, oco: c.orderType === 'oco' }, c), ...order };
}

/** A validated field as the server wants it: canonical digits (".5" → "0.5", "1.50" → "1.5"). */
const wire = (text: string) => readDecimal(text)?.value ?? text.trim();

/** The order to send; only called once the fields are valid. */
export function toPlaceOrder(c: OrderFormContext): PlaceSpotOrder {
  const base = { symbol: c.pair.symbol, side: c.side, type: c.orderType === 'market' ? ('market' as const) : ('limit' as const) };
  if (priced(c)) return { ...base, price: wire(c.price), quantity: wire(c.quantity), ...(c.timeInForce !== 'GTC' && { time_in_force: c.timeInForce }) };
  return sizedByAmount(c) ? { ...base, amount: wire(c.amount) } : { ...base, quantity: wire(c.quantity) };
}

/** The stop-limit or OCO to send; only called once the fields are valid. */
export function toPlaceStop(c: OrderFormContext): PlaceSpotStop {
  const stop = { symbol: c.pair.symbol, side: c.side, trigger_price: wire(c.triggerPrice), price: wire(c.price), quantity: wire(c.quantity) };
  return c.orderType === 'oco' ? { ...stop, limit_price: wire(c.limitPrice) } : stop;
}

/** What a valid submit sends, with its key. */
export function toPending(c: OrderFormContext, idempotencyKey: string): PendingPlace {
  return isStop(c) ? { stop: toPlaceStop(c), idempotencyKey } : { order: toPlaceOrder(c), idempotencyKey };
}
