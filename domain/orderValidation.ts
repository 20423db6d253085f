import * as yup from 'yup';
import { compareDecimal, isDecimalString, mulDecimal, trimZeros } from './decimal';
import { placesOf, readDecimal } from './orderMath';
import type { OrderSide, OrderType } from './spotOrders';

/**
 * Spec §5 "Trading: price, quantity and amount required by order form", plus what a form must
 * check before it bothers the server, in this order for each field: required → a number and
 * positive → no more decimals than the pair allows → the pair's minimums → the available balance
 * (a buy spends quote, a sell spends base). A field shows only its first problem, and a later
 * check waits until the earlier ones pass (a quantity with too many places is a precision
 * problem, not a balance one). Messages are translation keys (src/features/spot/locales). The server
 * repeats every rule.
 */
export interface OrderRules {
  side: OrderSide;
  type: OrderType;
  pricePrecision: number;
  amountPrecision: number;
  /** Available quote (buy) or base (sell) in the spot account; undefined while unknown. */
  available: string | undefined;
  /** The pair's smallest order; undefined (or not a decimal) leaves the minimum to the server. */
  minimum?: OrderMinimum;
}

/** The pair's minimums (Pair.min_quantity and min_notional) with the currencies they are in. */
export interface OrderMinimum {
  /** Smallest quantity, in base. */
  quantity: string;
  /** Smallest value (price × quantity, a market buy's amount), in quote. */
  notional: string;
  base: string;
  quote: string;
}

export interface OrderValues {
  price: string;
  quantity: string;
  amount: string;
}

export type OrderField = keyof OrderValues;

/** A message key with its interpolation values, as the view translates it. */
export interface ErrorMessage {
  key: string;
  places?: number;
  min?: string;
  currency?: string;
  /** Other values the message names, already written for the reader (a price in the language's style, a translated name). */
  values?: Record<string, string>;
}

/** The value of a field that passed its own checks (a positive number within `places`), canonical. */
function usable(text: unknown, places: number): string | undefined {
  if (typeof text !== 'string') return undefined;
  const read = readDecimal(text);
  if (!read || read.negative || compareDecimal(read.value, '0') <= 0 || placesOf(read.value) > places) return undefined;
  return read.value;
}

/** A typed number's checks: a number, positive, within `places`; an empty field passes. */
const typedNumber = (places: number) =>
  yup
    .string()
    .trim()
    .test('decimal', 'spot.validation.number', (v) => !v || readDecimal(v) !== undefined)
    .test('positive', 'spot.validation.positive', (v) => {
      const read = v ? readDecimal(v) : undefined;
      return !read || (!read.negative && compareDecimal(read.value, '0') > 0);
    })
    .test('precision', { key: 'spot.validation.precision', places }, (v) => {
      const read = v ? readDecimal(v) : undefined;
      return !read || read.negative || placesOf(read.value) <= places;
    });

const decimal = (requiredKey: string, places: number) => typedNumber(places).required(requiredKey);

const unused = yup.string();

const below = (value: string, min: string | undefined) => min !== undefined && isDecimalString(min) && compareDecimal(value, min) < 0;

/**
 * What is wrong with the size of an order whose fields are each well formed: below the pair's
 * minimum quantity, below its minimum value, or more than the available balance, in that order.
 * Reported on the field that sizes the order (the amount of a market buy, else the quantity).
 */
export function sizeProblem(rules: OrderRules, values: OrderValues): ErrorMessage | undefined {
  const { minimum } = rules;
  const minQuantity = minimum && { key: 'spot.validation.minQuantity', min: trimZeros(minimum.quantity), currency: minimum.base };
  const minValue = minimum && { key: 'spot.validation.minValue', min: trimZeros(minimum.notional), currency: minimum.quote };
  const overBalance = (spent: string) => (rules.available !== undefined && compareDecimal(spent, rules.available) > 0 ? { key: 'spot.validation.insufficient' } : undefined);
  if (rules.type === 'market' && rules.side === 'buy') {
    const amount = usable(values.amount, rules.pricePrecision);
    if (!amount) return undefined;
    return below(amount, minimum?.notional) ? minValue : overBalance(amount);
  }
  const quantity = usable(values.quantity, rules.amountPrecision);
  if (!quantity) return undefined;
  if (below(quantity, minimum?.quantity)) return minQuantity;
  // A market sell's value is not known before it matches: only its quantity counts.
  if (rules.type === 'market') return overBalance(quantity);
  const price = usable(values.price, rules.pricePrecision);
  if (!price) return undefined;
  const value = mulDecimal(price, quantity);
  if (below(value, minimum?.notional)) return minValue;
  return overBalance(rules.side === 'buy' ? value : quantity);
}

/** The schema for one form state: which fields count depends on side and type. */
export function orderSchema(rules: OrderRules) {
  const price = rules.type === 'limit' ? decimal('spot.validation.priceRequired', rules.pricePrecision) : unused;
  const needsQuantity = rules.type === 'limit' || rules.side === 'sell';
  const sizeTest = {
    name: 'size',
    test(this: yup.TestContext, _: unknown) {
      const problem = sizeProblem(rules, this.parent as OrderValues);
      return problem ? this.createError({ message: { ...problem } }) : true;
    },
  };
  return yup.object({
    price,
    quantity: needsQuantity ? decimal('spot.validation.quantityRequired', rules.amountPrecision).test(sizeTest) : unused,
    // A limit order's amount follows price × quantity, but the trader may type it: what is typed must read.
    amount: needsQuantity ? (rules.type === 'limit' ? typedNumber(rules.pricePrecision) : unused) : decimal('spot.validation.amountRequired', rules.pricePrecision).test(sizeTest),
  });
}

function asMessage(message: unknown): ErrorMessage {
  if (typeof message === 'string') return { key: message };
  const { key, places, min, currency } = message as ErrorMessage;
  return { key, ...(places !== undefined && { places }), ...(min !== undefined && { min }), ...(currency !== undefined && { currency }) };
}

/** A stop's own fields: the trigger price, and an OCO's take-profit limit price. */
export interface StopValues {
  triggerPrice: string;
  limitPrice: string;
}

export type StopField = keyof StopValues;

export type OrderErrors = Partial<Record<OrderField | StopField, ErrorMessage>>;

/**
 * The stop's own checks, as /api/spot/stop_place makes them (docs/API.md "Stop-limit and OCO"):
 * the trigger, and an OCO's limit price, each required, a positive number of the pair's price
 * precision; an OCO's limit price on the other side of the trigger from the stop (a sell takes
 * profit above it, a buy below). The stop's price and quantity are a limit order's (validateOrder).
 */
export function validateStop(rules: Pick<OrderRules, 'side' | 'pricePrecision'> & { oco: boolean }, values: StopValues): OrderErrors {
  const errors: OrderErrors = {};
  const check = (field: StopField, requiredKey: string) => {
    try {
      decimal(requiredKey, rules.pricePrecision).validateSync(values[field]);
    } catch (error) {
      if (!(error instanceof yup.ValidationError)) throw error;
      errors[field] = asMessage(error.errors[0]);
    }
  };
  check('triggerPrice', 'spot.validation.triggerRequired');
  if (!rules.oco) return errors;
  check('limitPrice', 'spot.validation.limitRequired');
  const trigger = usable(values.triggerPrice, rules.pricePrecision);
  const limit = usable(values.limitPrice, rules.pricePrecision);
  if (trigger && limit && !errors.limitPrice) {
    const above = compareDecimal(limit, trigger) > 0;
    if (rules.side === 'sell' && !above) errors.limitPrice = { key: 'spot.validation.ocoSellAbove' };
    if (rules.side === 'buy' && compareDecimal(limit, trigger) >= 0) errors.limitPrice = { key: 'spot.validation.ocoBuyBelow' };
  }
  return errors;
}

/** Every failing field with its first message; empty when the order may be sent. */
export function validateOrder(rules: OrderRules, values: OrderValues): OrderErrors {
  try {
    orderSchema(rules).validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    const errors: OrderErrors = {};
    for (const inner of error.inner.length > 0 ? error.inner : [error]) {
      const field = inner.path as OrderField | undefined;
      if (field && !errors[field]) errors[field] = asMessage(inner.errors[0]);
    }
    return errors;
  }
}
