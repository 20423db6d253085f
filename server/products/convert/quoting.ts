import { addDecimal, compareDecimal, divDecimal, mulDecimal, subDecimal, toFixedDecimal, trimZeros } from '../../../domain/decimal.js';
import type { Level } from '../../../domain/market.js';

/**
 * A conversion's figures from one side of the book, exact (decimal strings, no floats). Pure: the
 * service (convert.ts) reads the book and the fee rate, this decides the order that carries the
 * swap and what the user is promised.
 *
 * The order is a fill-or-kill limit at the book's price for the amount moved by `tolerance` against
 * the user (the makers re-quote every second), so:
 * - a sell of `amount` base gets at least amount × bound − fee in quote;
 * - a buy with `amount` quote buys the base quantity that amount pays for at the bound, and pays
 *   at most quantity × bound.
 * Fees follow the spot rule: each side pays on what it receives (server/products/spot/fees.ts), cut
 * down, so the exact fee here is never less than the one charged.
 */
export interface QuoteBook {
  side: 'buy' | 'sell';
  /** The levels the order would take, best first: the asks for a buy, the bids for a sell. */
  levels: readonly Level[];
  /** What the user pays: quote for a buy, base for a sell. */
  amount: string;
  pricePrecision: number;
  amountPrecision: number;
  /** The user's taker rate, "0.001". */
  feeRate: string;
  /** A fraction, "0.005". */
  tolerance: string;
}

export interface QuoteFigures {
  /** The limit order that carries it: price (the bound) and base quantity. */
  price: string;
  quantity: string;
  payMax: string;
  payExpected: string;
  receiveMin: string;
  receiveExpected: string;
  fee: string;
}

export type QuoteAnswer = { ok: true; figures: QuoteFigures } | { ok: false; reason: 'depth' | 'tooSmall' };

/** What `quantity` of base costs (or fetches) taken from `levels`, best first; undefined past their depth. */
export function valueOf(levels: readonly Level[], quantity: string): { value: string; worst: string } | undefined {
  let left = quantity;
  let value = '0';
  for (const [price, size] of levels) {
    const take = compareDecimal(size, left) < 0 ? size : left;
    value = addDecimal(value, mulDecimal(price, take));
    left = subDecimal(left, take);
    if (compareDecimal(left, '0') <= 0) return { value: trimZeros(value), worst: price };
  }
  return undefined;
}

/** The price `amount` of quote reaches when spent from the asks, best first; undefined past their depth. */
function priceSpending(levels: readonly Level[], amount: string): string | undefined {
  let left = amount;
  for (const [price, size] of levels) {
    left = subDecimal(left, mulDecimal(price, size));
    if (compareDecimal(left, '0') <= 0) return price;
  }
  return undefined;
}

const ONE = '1';
const fee = (received: string, rate: string) => (compareDecimal(rate, '0') > 0 ? mulDecimal(received, rate) : '0');

export function quoteFigures(q: QuoteBook): QuoteAnswer {
  if (q.side === 'sell') {
    const quantity = q.amount;
    const walked = valueOf(q.levels, quantity);
    if (!walked) return { ok: false, reason: 'depth' };
    const price = toFixedDecimal(mulDecimal(walked.worst, subDecimal(ONE, q.tolerance)), q.pricePrecision, 'down');
    if (compareDecimal(price, '0') <= 0) return { ok: false, reason: 'tooSmall' };
    const least = mulDecimal(quantity, price);
    const expectedFee = fee(walked.value, q.feeRate);
    return {
      ok: true,
      figures: {
        price: trimZeros(price),
        quantity: trimZeros(quantity),
        payMax: trimZeros(quantity),
        payExpected: trimZeros(quantity),
        receiveMin: trimZeros(subDecimal(least, fee(least, q.feeRate))),
        receiveExpected: trimZeros(subDecimal(walked.value, expectedFee)),
        fee: trimZeros(expectedFee),
      },
    };
  }
  const reached = priceSpending(q.levels, q.amount);
  if (!reached) return { ok: false, reason: 'depth' };
  const price = toFixedDecimal(mulDecimal(reached, addDecimal(ONE, q.tolerance)), q.pricePrecision, 'up');
  const quantity = divDecimal(q.amount, price, q.amountPrecision);
  if (compareDecimal(quantity, '0') <= 0) return { ok: false, reason: 'tooSmall' };
  const walked = valueOf(q.levels, quantity);
  if (!walked) return { ok: false, reason: 'depth' };
  const received = subDecimal(quantity, fee(quantity, q.feeRate));
  return {
    ok: true,
    figures: {
      price: trimZeros(price),
      quantity,
      payMax: trimZeros(mulDecimal(quantity, price)),
      payExpected: walked.value,
      receiveMin: trimZeros(received),
      receiveExpected: trimZeros(received),
      fee: trimZeros(fee(quantity, q.feeRate)),
    },
  };
}

/** `to` per `from` and its inverse, cut to `places`. */
export function ratesOf(pay: string, receive: string, places = 10): { rate: string; inverse: string } {
  return { rate: divDecimal(receive, pay, places), inverse: divDecimal(pay, receive, places) };
}
