import * as yup from 'yup';
import { compareDecimal, isDecimalString, mulDecimal } from './decimal';
import { placesOf } from './orderMath';
import type { OrderSide, OrderType } from './spotOrders';

/**
 * Spec §5 "Trading: price, quantity and amount required by order form", plus what a form must
 * check before it bothers the server: a positive number, no more decimals than the pair allows,
 * and no more than the available balance (a buy spends quote, a sell spends base). Messages are
 * translation keys (src/locales/trading). The server repeats every rule.
 */
export interface OrderRules {
  side: OrderSide;
  type: OrderType;
  pricePrecision: number;
  amountPrecision: number;
  /** Available quote (buy) or base (sell) in the spot account; undefined while unknown. */
  available: string | undefined;
}

export interface OrderValues {
  price: string;
  quantity: string;
  amount: string;
}

export type OrderField = keyof OrderValues;

const decimal = (requiredKey: string, places: number) =>
  yup
    .string()
    .trim()
    .required(requiredKey)
    .test('decimal', 'spot.validation.number', (v) => isDecimalString(v))
    .test('positive', 'spot.validation.positive', (v) => !isDecimalString(v) || compareDecimal(v, '0') > 0)
    .test('precision', { key: 'spot.validation.precision', places }, (v) => !isDecimalString(v) || placesOf(v) <= places);

const unused = yup.string();

const withinAvailable = (available: string | undefined, spend: (values: OrderValues) => string | undefined) =>
  function (this: yup.TestContext, _: unknown): boolean {
    const spent = spend(this.parent as OrderValues);
    return available === undefined || spent === undefined || compareDecimal(spent, available) <= 0;
  };

/** What the order will take from the available balance, when the fields say so yet. */
function spending(rules: OrderRules, values: OrderValues): string | undefined {
  const ok = (v: string) => isDecimalString(v.trim());
  if (rules.side === 'sell') return ok(values.quantity) ? values.quantity.trim() : undefined;
  if (rules.type === 'market') return ok(values.amount) ? values.amount.trim() : undefined;
  return ok(values.price) && ok(values.quantity) ? mulDecimal(values.price.trim(), values.quantity.trim()) : undefined;
}

/** The schema for one form state: which fields count depends on side and type. */
export function orderSchema(rules: OrderRules) {
  const price = rules.type === 'limit' ? decimal('spot.validation.priceRequired', rules.pricePrecision) : unused;
  const needsQuantity = rules.type === 'limit' || rules.side === 'sell';
  const quantity = needsQuantity ? decimal('spot.validation.quantityRequired', rules.amountPrecision) : unused;
  const amount = needsQuantity ? unused : decimal('spot.validation.amountRequired', rules.pricePrecision);
  const spentField = needsQuantity ? 'quantity' : 'amount';
  const balanceTest = { name: 'available', message: 'spot.validation.insufficient', test: withinAvailable(rules.available, (v) => spending(rules, v)) };
  return yup.object({
    price,
    quantity: spentField === 'quantity' ? (quantity as ReturnType<typeof decimal>).test(balanceTest) : quantity,
    amount: spentField === 'amount' ? (amount as ReturnType<typeof decimal>).test(balanceTest) : amount,
  });
}

/** A message key with its interpolation values, as the view translates it. */
export interface ErrorMessage {
  key: string;
  places?: number;
}

function asMessage(message: unknown): ErrorMessage {
  if (typeof message === 'string') return { key: message };
  const m = message as ErrorMessage;
  return { key: m.key, places: m.places };
}

export type OrderErrors = Partial<Record<OrderField, ErrorMessage>>;

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
