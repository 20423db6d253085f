import type { SnapshotFrom } from 'xstate';
import { divDecimal, isDecimalString, mulDecimal, trimZeros } from '../../../../../domain/decimal';
import { estimatedFee, isPositive } from '../../../../../domain/orderMath';
import { count, ratioPercent } from '../../../../../domain/figures';
import type { orderFormMachine } from './orderForm.machine';
import { spendable } from './orderFields';

type Snapshot = SnapshotFrom<typeof orderFormMachine>;

export const selectFields = (s: Snapshot) => s.context;
export const selectSubmitting = (s: Snapshot) => s.matches({ entry: 'submitting' });
export const selectAccountLoading = (s: Snapshot) => s.matches({ account: 'loading' });
export const selectAccountFailed = (s: Snapshot) => s.matches({ account: 'failed' });

/** What the chosen side may spend, in which currency. */
export const selectAvailable = (s: Snapshot) => ({
  value: spendable(s.context),
  currency: s.context.side === 'buy' ? s.context.pair.quote : s.context.pair.base,
});

/** The pair's smallest order, as the form shows it (grouped by thousands); undefined while the pair does not say. */
export const selectMinimum = (s: Snapshot) => {
  const { minQuantity, minNotional, base, quote } = s.context.pair;
  if (!isDecimalString(minQuantity) || !isDecimalString(minNotional)) return undefined;
  return { quantity: count(trimZeros(minQuantity)), base, value: count(trimZeros(minNotional)), quote };
};

/**
 * The taker rate (the most a fill can cost) and the fee it would take from what the order
 * receives: base for a buy, quote for a sell. A market order receives at the book's price, which
 * the last price (the form's price, prefilled from it) estimates: a market buy by amount receives
 * about amount ÷ price, a market sell about quantity × price (issue 37 §20: it showed "—").
 */
export const selectFee = (s: Snapshot) => {
  const { feeRate, side, quantity, amount, pair, orderType, price } = s.context;
  if (!feeRate) return undefined;
  const priced = isDecimalString(price) && isPositive(price);
  const marketReceived = () => {
    if (!priced) return undefined;
    if (side === 'buy') return isDecimalString(amount) && isPositive(amount) ? divDecimal(amount, price, pair.amountPrecision + 2) : undefined;
    return isDecimalString(quantity) && isPositive(quantity) ? mulDecimal(quantity, price) : undefined;
  };
  const received = orderType === 'limit' ? (side === 'buy' ? quantity : amount) : marketReceived();
  const places = side === 'buy' ? pair.amountPrecision + 2 : pair.pricePrecision + 2;
  return {
    rate: ratioPercent(feeRate.taker),
    currency: side === 'buy' ? pair.base : pair.quote,
    estimate: received !== undefined && isDecimalString(received) && isPositive(received) ? estimatedFee(received, feeRate.taker, places) : undefined,
  };
};
