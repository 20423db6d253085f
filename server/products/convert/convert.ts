import { CONVERT_PAGE_SIZE, QUOTE_TOLERANCE, QUOTE_VALID_MS, type ConvertQuote, type ConvertQuoteInput, type ConvertResult } from '../../../domain/convert.js';
import { mulDecimal, subDecimal, toFixedDecimal, trimZeros } from '../../../domain/decimal.js';
import { isPositiveDecimalInput } from '../../../domain/decimalRule.js';
import { depthChannel, type DepthMessage } from '../../../domain/market.js';
import { SpotOrderStatus, type SpotOrder } from '../../../domain/spotOrders.js';
import type { Page } from '../../../domain/wallet.js';
import { cacheVersion } from '../../kernel/platform/caches.js';
import { listPairs, PAIRS_CACHE } from '../../kernel/platform/catalogue.js';
import type { Database } from '../../kernel/platform/db/database.js';
import type { Offers } from '../../kernel/platform/offers.js';
import { refuse, type Outcome } from '../../kernel/platform/outcome.js';
import { numberVar } from '../../kernel/platform/i18n/messages.js';
import type { Pair } from '../../../domain/api.js';
import { quoteFigures, ratesOf } from './quoting.js';

/** The Idempotency-Key an accepted quote places its order under: one order per quote, however often it is accepted. */
const acceptKey = (quoteId: number) => `convert-${quoteId}`;

interface QuoteRow {
  id: string;
  user_id: string;
  from_currency: string;
  to_currency: string;
  left_symbol: string;
  right_symbol: string;
  side: 'buy' | 'sell';
  price: string;
  quantity: string;
  expires_ms: string;
  order_id: string | null;
  status: ConvertResult['status'] | null;
  paid: string | null;
  received: string | null;
  fee: string | null;
  accepted_ms: string | null;
}

const RESULT_COLUMNS = `id, from_currency, to_currency, status, trim_scale(paid)::text as paid, trim_scale(received)::text as received,
  trim_scale(fee)::text as fee, order_id, accepted_ms`;

const toResult = (r: Pick<QuoteRow, 'id' | 'from_currency' | 'to_currency' | 'status' | 'paid' | 'received' | 'fee' | 'order_id' | 'accepted_ms'>): ConvertResult => ({
  quote_id: Number(r.id),
  from: r.from_currency,
  to: r.to_currency,
  status: r.status!,
  paid: r.paid ?? '0',
  received: r.received ?? '0',
  fee: r.fee ?? '0',
  order_id: Number(r.order_id),
  created_at: Number(r.accepted_ms),
});

/** What an ended order did for its conversion: a fill-or-kill limit is filled whole, or not at all. */
function resultOf(order: SpotOrder): Pick<ConvertResult, 'status' | 'paid' | 'received' | 'fee'> {
  if (order.status !== SpotOrderStatus.filled) return { status: 'moved', paid: '0', received: '0', fee: '0' };
  const buy = order.side === 'buy';
  return {
    status: 'converted',
    paid: trimZeros(buy ? order.turnover : order.filled),
    received: trimZeros(subDecimal(buy ? order.filled : order.turnover, order.fee)),
    fee: trimZeros(order.fee),
  };
}

/**
 * The conversions' use cases (docs/API.md "Convert"): a quote from the book of the pair that joins
 * the two currencies, its acceptance through spot's own order placing (offered by spot: this
 * product never imports it), and the user's history. Quotes are rows, so any process of a cluster
 * can accept one another gave.
 */
export function convertService(db: Database, offers: Offers | undefined, clock: () => number) {
  let pairsRead: { version: number | undefined; at: number; pairs: Pair[] } | undefined;
  async function pairs(): Promise<Pair[]> {
    const version = cacheVersion(db, PAIRS_CACHE);
    if (!pairsRead || (version !== undefined ? pairsRead.version !== version : clock() - pairsRead.at >= 1000)) pairsRead = { version, at: clock(), pairs: await listPairs(db) };
    return pairsRead.pairs;
  }
  const trading = () => offers?.use('spotTrading');

  /** The trading pair that joins `from` and `to`, and the side of it a conversion takes. */
  async function marketOf(from: string, to: string): Promise<{ pair: Pair; side: 'buy' | 'sell' } | undefined> {
    for (const pair of await pairs()) {
      if (pair.trade_status !== 1) continue;
      if (pair.left_symbol === to && pair.right_symbol === from) return { pair, side: 'buy' };
      if (pair.left_symbol === from && pair.right_symbol === to) return { pair, side: 'sell' };
    }
    return undefined;
  }

  async function bookOf(pair: Pair): Promise<DepthMessage | undefined> {
    return (await offers?.use('channels')?.snapshot(depthChannel(pair.left_symbol, pair.right_symbol))) as DepthMessage | undefined;
  }

  return {
    async quote(userId: number, input: ConvertQuoteInput): Promise<Outcome<ConvertQuote>> {
      const from = input.from.toUpperCase();
      const to = input.to.toUpperCase();
      const spot = trading();
      const found = from === to ? undefined : await marketOf(from, to);
      if (!found || !spot) return refuse('convertNoMarket', { from, to });
      const { pair, side } = found;
      const symbol = `${pair.left_symbol}_${pair.right_symbol}`;
      if (pair.halted_reason) return refuse('convertHalted', { symbol: symbol.replace('_', '/'), reason: pair.halted_reason });
      // A buy pays quote at the pair's price places; a sell pays base at its quantity places.
      const places = side === 'buy' ? pair.price_precision : pair.amount_precision;
      if (!isPositiveDecimalInput(input.amount, { places, integerDigits: 15 })) return refuse('convertAmountInvalid', { places: String(places), currency: from });
      const [book, rate] = await Promise.all([bookOf(pair), spot.feeRate(userId, symbol)]);
      const answer = quoteFigures({
        side,
        levels: (side === 'buy' ? book?.asks : book?.bids) ?? [],
        amount: trimZeros(input.amount),
        pricePrecision: pair.price_precision,
        amountPrecision: pair.amount_precision,
        feeRate: rate.taker,
        tolerance: QUOTE_TOLERANCE,
      });
      if (!answer.ok) return refuse(answer.reason === 'depth' ? 'convertTooLarge' : 'convertTooSmall', { currency: from });
      const f = answer.figures;
      // The order's own checks (minimums, the price band, the market open), placing nothing.
      const checked = await spot.check(userId, { symbol, side, type: 'limit', price: f.price, quantity: f.quantity, time_in_force: 'FOK' });
      // The amount asked met the pair's minimum, but the whole steps it buys or sells do not: said with the figure it came to
      // ("at least 1 USDT" answered to 1 USDT asked read as a mistake: a money-path audit).
      if (!checked.ok && checked.key === 'spotValueBelowMinimum') {
        return refuse('convertBelowMinimum', { ...checked.vars, value: numberVar(trimZeros(toFixedDecimal(mulDecimal(f.quantity, f.price), pair.price_precision))) });
      }
      if (!checked.ok) return refuse(checked.key, checked.vars);
      const now = clock();
      const expires = now + QUOTE_VALID_MS;
      // The user's stale quotes go with each new one, so quoting never piles rows up.
      // Stale: expired a whole validity ago, so no accept that began in time is still placing its order.
      const [row] = await db.query<{ id: string }>(
        `with stale as (delete from convert_quote where user_id = $1 and order_id is null and expires_ms < $11)
         insert into convert_quote (user_id, from_currency, to_currency, left_symbol, right_symbol, side, price, quantity, created_ms, expires_ms)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
        [userId, from, to, pair.left_symbol, pair.right_symbol, side, f.price, f.quantity, now, expires, now - QUOTE_VALID_MS],
      );
      // The direction that is the pair's price (quote per base) at its price places, as the trade page reads it.
      const exact = ratesOf(f.payExpected, f.receiveExpected);
      const asPrice = (rate: string) => trimZeros(toFixedDecimal(rate, pair.price_precision));
      const rates = side === 'buy' ? { rate: exact.rate, inverse: asPrice(exact.inverse) } : { rate: asPrice(exact.rate), inverse: exact.inverse };
      return {
        ok: true,
        data: {
          quote_id: Number(row!.id),
          from,
          to,
          symbol,
          side,
          pay_max: f.payMax,
          pay_expected: f.payExpected,
          receive_min: f.receiveMin,
          receive_expected: f.receiveExpected,
          rate: rates.rate,
          inverse_rate: rates.inverse,
          fee_rate: rate.taker,
          fee_currency: to,
          expires_at: expires,
          valid_ms: QUOTE_VALID_MS,
        },
      };
    },

    /**
     * Converts at a quote of the user's, once: its order is placed under a key of the quote's own,
     * so a repeat (a double tap, a retry after a lost answer) answers the same conversion.
     */
    async accept(userId: number, quoteId: number): Promise<Outcome<ConvertResult>> {
      const [quote] = await db.query<QuoteRow>(`select left_symbol, right_symbol, side, price, quantity, expires_ms, ${RESULT_COLUMNS} from convert_quote where id = $1 and user_id = $2`, [quoteId, userId]);
      if (!quote) return refuse('convertQuoteUnknown');
      if (quote.order_id !== null) return { ok: true, data: toResult(quote) };
      if (clock() > Number(quote.expires_ms)) return refuse('convertQuoteExpired');
      const spot = trading();
      if (!spot) return refuse('convertNoMarket', { from: quote.from_currency, to: quote.to_currency });
      const symbol = `${quote.left_symbol}_${quote.right_symbol}`;
      const placed = await spot.place(
        userId,
        { symbol, side: quote.side, type: 'limit', price: trimZeros(quote.price), quantity: trimZeros(quote.quantity), time_in_force: 'FOK' },
        acceptKey(quoteId),
        { keyedOnly: true },
      );
      if (!placed.ok) return refuse(placed.key, placed.vars);
      const done = resultOf(placed.data);
      // Guarded by `order_id is null`: of two accepts at once, both placed the one order; one writes it.
      const [row] = await db.query<QuoteRow>(
        `update convert_quote set order_id = $3, status = $4, paid = $5, received = $6, fee = $7, accepted_ms = $8
          where id = $1 and user_id = $2 and order_id is null returning ${RESULT_COLUMNS}`,
        [quoteId, userId, placed.data.id, done.status, done.paid, done.received, done.fee, clock()],
      );
      if (row) return { ok: true, data: toResult(row) };
      const [again] = await db.query<QuoteRow>(`select ${RESULT_COLUMNS} from convert_quote where id = $1`, [quoteId]);
      if (again?.order_id != null) return { ok: true, data: toResult(again) };
      // Gone meanwhile (a new quote of the user's swept it as stale while its order was placed): the order answers.
      return { ok: true, data: { quote_id: quoteId, from: quote.from_currency, to: quote.to_currency, ...done, order_id: placed.data.id, created_at: clock() } };
    },

    /** One of the user's conversions by its quote's id; undefined for a quote not accepted, not theirs, or none. */
    async conversion(userId: number, quoteId: number): Promise<ConvertResult | undefined> {
      const [row] = await db.query<QuoteRow>(`select ${RESULT_COLUMNS} from convert_quote where id = $1 and user_id = $2 and order_id is not null`, [quoteId, userId]);
      return row ? toResult(row) : undefined;
    },

    /**
     * The user's conversions accepted from `from` to `to` (ms, both included), newest first, at most
     * `limit`; `more` when the window holds older ones past it (the Binance dialect's tradeFlow).
     */
    async conversionsBetween(userId: number, window: { from: number; to: number; limit: number }): Promise<{ list: ConvertResult[]; more: boolean }> {
      const rows = await db.query<QuoteRow>(
        `select ${RESULT_COLUMNS} from convert_quote where user_id = $1 and order_id is not null and accepted_ms between $2 and $3
          order by accepted_ms desc, id desc limit $4`,
        [userId, window.from, window.to, window.limit + 1],
      );
      return { list: rows.slice(0, window.limit).map(toResult), more: rows.length > window.limit };
    },

    async history(userId: number, page: number): Promise<Page<ConvertResult>> {
      const rows = await db.query<QuoteRow & { total: string }>(
        `select ${RESULT_COLUMNS}, count(*) over () as total from convert_quote where user_id = $1 and order_id is not null
          order by id desc limit $2 offset $3`,
        [userId, CONVERT_PAGE_SIZE, (page - 1) * CONVERT_PAGE_SIZE],
      );
      return { list: rows.map(toResult), total: Number(rows[0]?.total ?? 0), page, size: CONVERT_PAGE_SIZE };
    },
  };
}

export type ConvertService = ReturnType<typeof convertService>;
