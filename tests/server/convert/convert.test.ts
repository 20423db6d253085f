import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERT_PATHS, type ConvertQuote, type ConvertResult } from '../../../domain/convert.js';
import { SPOT_PATHS, type SpotOrder } from '../../../domain/spotOrders.js';
import type { Page } from '../../../domain/wallet.js';
import { subDecimal } from '../../../domain/decimal.js';
import type { RunningServer } from '../../../server/start.js';
import { postEnvelope, until } from '../http.js';
import { startQuietServer } from '../quietServer.js';
import { createTestUser } from '../support/users.js';

/**
 * Convert over the whole server (no market makers: the book is this file's own maker's orders).
 * A quote walks the BTC/USDT book for the amount and bounds a fill-or-kill order 0.5 % past the
 * price it reaches; accepting places that order through spot's own pipeline, once per quote. The
 * figures below are worked by hand from the book, the bound rule and the taker rate (0.001).
 */
let server: RunningServer;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ server, stop } = await startQuietServer('convert'));
}, 240_000);
afterAll(async () => stop?.());

const post = <T>(who: { token: string }, path: string, body: object, lang = 'en_US') => postEnvelope<T>(server.url, path, body, who.token, lang);
const user = (funded: Record<string, string>) => createTestUser(server.db, { tag: 'convert', email: true, verified: true, funded });
async function balance(userId: number, currency: string) {
  const [row] = await server.db.query<{ available: string; frozen: string }>(
    `select trim_scale(available)::text as available, trim_scale(frozen)::text as frozen from balance where user_id = $1 and currency = $2 and account = 'spot'`,
    [userId, currency],
  );
  return row ?? { available: '0', frozen: '0' };
}
async function limit(who: { token: string }, side: 'buy' | 'sell', price: string, quantity: string) {
  const placed = await post<SpotOrder>(who, SPOT_PATHS.place, { symbol: 'BTC_USDT', side, type: 'limit', price, quantity });
  expect(placed.code, placed.msg).toBe(200);
  return placed.data;
}
/** A quote once the book has published what the maker placed (the depth snapshot follows the book within a flush). */
async function quoteWhenBooked(who: { token: string }, body: object) {
  let answer: Awaited<ReturnType<typeof post<ConvertQuote>>> | undefined;
  await until(async () => (answer = await post<ConvertQuote>(who, CONVERT_PATHS.quote, body)).code === 200, 5000);
  return answer!.data;
}

describe('Convert', () => {
  let maker: Awaited<ReturnType<typeof user>>;
  let bids: SpotOrder[];
  beforeAll(async () => {
    maker = await user({ BTC: '10', USDT: '100000' });
    await limit(maker, 'sell', '30000', '0.01');
    await limit(maker, 'sell', '30010', '0.02');
    await limit(maker, 'sell', '30100', '0.05');
    bids = [await limit(maker, 'buy', '29990', '0.01'), await limit(maker, 'buy', '29980', '0.02')];
  });

  it('buys with an amount of quote: pays at most it, within the quote, once however often accepted', async () => {
    const buyer = await user({ USDT: '1000' });
    const quote = await quoteWhenBooked(buyer, { from: 'usdt', to: 'BTC', amount: '450' });
    // 450 USDT reaches the 30,010 level; the bound is 30,010 × 1.005 = 30,160.05; 450 ÷ 30,160.05
    // buys 0.01492 BTC (5 places), which the book sells for 0.01 × 30,000 + 0.00492 × 30,010.
    expect(quote).toMatchObject({
      from: 'USDT',
      to: 'BTC',
      symbol: 'BTC_USDT',
      side: 'buy',
      pay_max: '449.987946',
      pay_expected: '447.6492',
      receive_min: '0.01490508',
      receive_expected: '0.01490508',
      fee_rate: '0.001',
      fee_currency: 'BTC',
      valid_ms: 10_000,
    });
    expect(quote.rate).toBe('0.0000332963');
    // USDT per BTC is the pair's price: at its two places.
    expect(quote.inverse_rate).toBe('30033.33');
    const accepted = await post<ConvertResult>(buyer, CONVERT_PATHS.accept, { quote_id: quote.quote_id });
    expect(accepted.code, accepted.msg).toBe(200);
    expect(accepted.msg).toBe('Converted');
    expect(accepted.data).toMatchObject({ status: 'converted', from: 'USDT', to: 'BTC', paid: '447.6492', received: '0.01490508', fee: '0.00001492' });
    expect(await balance(buyer.id, 'USDT')).toEqual({ available: '552.3508', frozen: '0' });
    expect(await balance(buyer.id, 'BTC')).toEqual({ available: '0.01490508', frozen: '0' });
    // A double tap answers the same conversion and places nothing more.
    const again = await post<ConvertResult>(buyer, CONVERT_PATHS.accept, { quote_id: quote.quote_id }, 'de_DE');
    expect(again.data).toEqual(accepted.data);
    expect(again.msg).toBe('Umgetauscht');
    expect(await balance(buyer.id, 'USDT')).toEqual({ available: '552.3508', frozen: '0' });
    // The order is the user's spot order, fill-or-kill, and the history lists the conversion.
    const order = await post<SpotOrder & { time_in_force: string }>(buyer, SPOT_PATHS.detail, { id: accepted.data.order_id });
    expect(order.data).toMatchObject({ side: 'buy', price: '30160.05', quantity: '0.01492', filled: '0.01492', time_in_force: 'FOK' });
    const history = await post<Page<ConvertResult>>(buyer, CONVERT_PATHS.history, {});
    expect(history.data.list).toEqual([accepted.data]);
    expect(history.data.total).toBe(1);
  });

  it('two accepts of one quote at once convert once; an amount with trailing zeros is the same amount', async () => {
    const buyer = await user({ USDT: '1000' });
    const figures = (q: ConvertQuote) => [q.pay_max, q.pay_expected, q.receive_min, q.receive_expected];
    // A quote reads the book's published depth, which follows a fill within a flush: the test before
    // this one filled against the book, and a quote from before that flush differs from one after it
    // (CI, 2026-12-04). Two plain quotes that agree on either side of the padded one show the book
    // held still while it was quoted.
    let plain: ConvertQuote | undefined;
    let padded: ConvertQuote | undefined;
    await until(async () => {
      plain = await quoteWhenBooked(buyer, { from: 'USDT', to: 'BTC', amount: '100' });
      padded = await quoteWhenBooked(buyer, { from: 'USDT', to: 'BTC', amount: '100.000' });
      const again = await quoteWhenBooked(buyer, { from: 'USDT', to: 'BTC', amount: '100' });
      return figures(again).join() === figures(plain).join();
    }, 5000);
    expect(figures(padded!)).toEqual(figures(plain!));
    const [one, two] = await Promise.all([0, 1].map(() => post<ConvertResult>(buyer, CONVERT_PATHS.accept, { quote_id: padded!.quote_id })));
    expect(one!.code, one!.msg).toBe(200);
    expect(two!.data).toEqual(one!.data);
    expect(one!.data.status).toBe('converted');
    const [{ n }] = (await server.db.query<{ n: number }>('select count(*)::int as n from spot_order where user_id = $1', [buyer.id])) as [{ n: number }];
    expect(n).toBe(1);
    expect(await balance(buyer.id, 'USDT')).toEqual({ available: subDecimal('1000', one!.data.paid), frozen: '0' });
  });

  it('sells an amount of base, and when the book moves past the bound converts nothing', async () => {
    const seller = await user({ BTC: '1' });
    const quote = await quoteWhenBooked(seller, { from: 'BTC', to: 'USDT', amount: '0.02' });
    // 0.02 BTC takes both bids (599.7 USDT) down to 29,980; the bound is 29,980 × 0.995 = 29,830.1.
    expect(quote).toMatchObject({ side: 'sell', pay_max: '0.02', pay_expected: '0.02', receive_expected: '599.1003', receive_min: '596.005398', fee_currency: 'USDT', rate: '29955.02' });
    // The maker withdraws its bids: the fill-or-kill order finds nothing within the bound.
    for (const bid of bids) expect((await post(maker, SPOT_PATHS.cancel, { id: bid.id })).code).toBe(200);
    const moved = await post<ConvertResult>(seller, CONVERT_PATHS.accept, { quote_id: quote.quote_id });
    expect(moved.code, moved.msg).toBe(200);
    expect(moved.data).toMatchObject({ status: 'moved', paid: '0', received: '0' });
    expect(await balance(seller.id, 'BTC')).toEqual({ available: '1', frozen: '0' });
    expect(await balance(seller.id, 'USDT')).toEqual({ available: '0', frozen: '0' });
    // With no bids left the next quote says so, in the user's language.
    await until(async () => (await post(seller, CONVERT_PATHS.quote, { from: 'BTC', to: 'USDT', amount: '0.02' })).code !== 200, 5000);
    const refused = await post(seller, CONVERT_PATHS.quote, { from: 'BTC', to: 'USDT', amount: '0.02' }, 'de_DE');
    expect(refused.msg).toBe('Das Orderbuch kann so viel BTC nicht auf einmal aufnehmen: Geben Sie einen kleineren Betrag ein');
  });

  it('refuses what it cannot convert, translated, and changes nothing', async () => {
    const buyer = await user({ USDT: '100' });
    const before = await server.db.query('select count(*)::int as n from convert_quote');
    const refusal = async (body: object, lang = 'en_US') => {
      const answer = await post(buyer, CONVERT_PATHS.quote, body, lang);
      expect(answer.code).toBe(400);
      expect(answer.data).toBeNull();
      return answer.msg;
    };
    expect(await refusal({ from: 'USDT', to: 'USDT', amount: '1' })).toBe('USDT cannot be converted to USDT here: no spot market trades the two');
    expect(await refusal({ from: 'BTC', to: 'NOPE', amount: '1' })).toBe('BTC cannot be converted to NOPE here: no spot market trades the two');
    expect(await refusal({ from: 'USDT', to: 'BTC', amount: '10.001' })).toBe('Enter an amount of USDT above zero with at most 2 decimals');
    expect(await refusal({ from: 'USDT', to: 'BTC', amount: '0' })).toBe('Enter an amount of USDT above zero with at most 2 decimals');
    expect(await refusal({ from: 'BTC', to: 'USDT', amount: '0.000001' }, 'fr_FR')).toBe('Saisissez un montant de BTC supérieur à zéro avec au plus 5 décimales');
    expect(await refusal({ from: 'USDT', to: 'BTC', amount: '1000000' })).toBe('The order book cannot take this much USDT at once: enter a smaller amount');
    // Below the pair's minimum value once the amount is cut to whole steps of BTC: said with the figure it came to
    // (1 USDT asked was answered "must be at least 1 USDT": a money-path audit).
    expect(await refusal({ from: 'USDT', to: 'BTC', amount: '1' })).toBe("Too small to convert: in the pair's whole steps this comes to 0.9 USDT, under its minimum order of 1 USDT. Enter a little more");
    expect(await refusal({ from: 'USDT', to: 'BTC', amount: '0.5' }, 'de_DE')).toMatch(/^Zu klein zum Umtauschen: .* unter seinem Mindestauftrag von 1 USDT/);
    for (const body of [{ from: 'USDT', to: 'BTC' }, { from: 'USDT', to: 'BTC', amount: 5 }, { from: 'USDT', to: 'BTC', amount: '5', extra: 1 }, { from: '', to: 'BTC', amount: '5' }]) {
      expect((await post(buyer, CONVERT_PATHS.quote, body)).code).toBe(400);
    }
    for (const body of [{}, { quote_id: 'x' }, { quote_id: 0 }, { quote_id: 1.5 }]) expect((await post(buyer, CONVERT_PATHS.accept, body)).code).toBe(400);
    expect((await post(buyer, CONVERT_PATHS.history, { page: 0 })).code).toBe(400);
    expect(await server.db.query('select count(*)::int as n from convert_quote')).toEqual(before);
  });

  it('refuses an expired quote, someone else’s, and one the balance cannot pay, leaving it acceptable', async () => {
    const poor = await user({ USDT: '50' });
    const other = await user({ USDT: '1000' });
    const quote = await quoteWhenBooked(poor, { from: 'USDT', to: 'BTC', amount: '100' });
    const theirs = await post(other, CONVERT_PATHS.accept, { quote_id: quote.quote_id }, 'ja_JP');
    expect(theirs.msg).toBe('この見積もりはお客様のものではないか、存在しません：新しい見積もりを取得してください');
    const unpaid = await post(poor, CONVERT_PATHS.accept, { quote_id: quote.quote_id });
    expect(unpaid.code).toBe(400);
    expect(unpaid.msg).toMatch(/balance/i);
    expect(await balance(poor.id, 'USDT')).toEqual({ available: '50', frozen: '0' });
    await server.db.query('update convert_quote set expires_ms = $2 where id = $1', [quote.quote_id, Date.now() - 20_000]);
    expect((await post(poor, CONVERT_PATHS.accept, { quote_id: quote.quote_id })).msg).toBe('This quote has expired: get a new quote');
    // A later quote sweeps the user's stale ones away.
    await quoteWhenBooked(poor, { from: 'USDT', to: 'BTC', amount: '20' });
    const [{ n }] = (await server.db.query<{ n: number }>('select count(*)::int as n from convert_quote where user_id = $1', [poor.id])) as [{ n: number }];
    expect(n).toBe(1);
  });
});
