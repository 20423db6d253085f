import { describe, expect, it } from 'vitest';
import { FUTURES_PATHS } from '../../../domain/futures/api.js';
import type { KlineHistory } from '../../../domain/market.js';
import { MESSAGES } from '../../../server/kernel/platform/i18n/messages.js';
import { expectOk, expectRefusal, get } from '../http.js';
import { useFutures } from './harness.js';

const t = useFutures();
const BTC = 'BTC_USDT';

const kline = (query: string, lang = 'en_US') => get<KlineHistory>(t.app, `${FUTURES_PATHS.kline}?${query}`, { lang });

/** One trade of `quantity` at `price` between two fresh accounts, at the harness clock. */
async function trade(price: string, quantity: string) {
  const a = await t.user('1000000');
  const b = await t.user('1000000');
  await t.place(a.id, { symbol: BTC, action: 'open_short', type: 'limit', price, quantity });
  await t.place(b.id, { symbol: BTC, action: 'open_long', type: 'market', quantity });
}

describe('GET /api/futures/kline: the contract market\'s own candles', () => {
  it('builds candles of every interval from the futures trades, pages back, and keeps them across a rebuild', async () => {
    await t.mark(BTC, '60000');
    const first = t.now();
    await trade('60000', '0.1');
    t.advance(10_000);
    await trade('60100', '0.2');
    t.advance(60_000);
    await trade('59900', '0.3');
    t.advance(60_000);
    await trade('60050', '0.1');

    const minutes = expectOk(await kline('pair=btc_usdt&interval=1min'));
    expect(minutes.pair).toBe('btc_usdt');
    expect(minutes.more).toBe(false);
    expect(minutes.bars.map((b) => b.time)).toEqual([first, first + 60_000, first + 120_000].map((ms) => ms - (ms % 60_000)));
    expect(minutes.bars[0]).toMatchObject({ open: '60000', high: '60100', low: '60000', close: '60100', amount: '0.3', vol: '18020', count: 2 });
    expect(minutes.bars[2]).toMatchObject({ open: '60050', close: '60050', amount: '0.1', count: 1 });

    // Every interval of the chart has its bar; the day's holds all four trades.
    for (const interval of ['5min', '15min', '30min', '60min', '1day', '1week', '1mon']) {
      const { bars } = expectOk(await kline(`pair=BTC_USDT&interval=${interval}`));
      expect(bars.length).toBeGreaterThan(0);
      expect(bars.reduce((n, b) => n + b.count, 0)).toBe(4);
    }
    const [day] = expectOk(await kline('pair=btc_usdt&interval=1day')).bars;
    expect(day).toMatchObject({ open: '60000', high: '60100', low: '59900', close: '60050', amount: '0.7' });

    // Paging back: the bars before the newest one, and whether more exist.
    const older = expectOk(await kline(`pair=btc_usdt&interval=1min&to=${minutes.bars[2]!.time}&limit=1`));
    expect(older.bars.map((b) => b.time)).toEqual([minutes.bars[1]!.time]);
    expect(older.more).toBe(true);

    // The spot market's candles are another table: the futures trades are not in them.
    const [spot] = await t.db.query<{ n: number }>(`select count(*)::int as n from candle where open_time >= $1`, [first - (first % 60_000)]);
    expect(Number(spot!.n)).toBe(0);

    // After a rebuild the candle in progress carries on from its row: a later trade in the same
    // day adds to the day's bar instead of starting it again.
    await t.ex.restore();
    t.advance(30_000);
    await trade('60200', '0.1');
    const [dayAfter] = expectOk(await kline('pair=btc_usdt&interval=1day')).bars;
    expect(dayAfter).toMatchObject({ open: '60000', high: '60200', low: '59900', close: '60200', amount: '0.8', count: 5 });

    // A database from before the candle table: the rebuild makes its candles once from the trades.
    const before = expectOk(await kline('pair=btc_usdt&interval=1min')).bars;
    await t.db.query('delete from futures_candle');
    await t.ex.restore();
    expect(expectOk(await kline('pair=btc_usdt&interval=1min')).bars).toEqual(before);
    await t.expectAuditClean();
  });

  it('refuses bad input with a translated 400 and an unknown pair with 404, changing nothing', async () => {
    expectRefusal(await kline('pair=btc_usdt&interval=2min'), 400);
    expectRefusal(await kline('pair=btc_usdt&interval=1min&limit=0', 'de_DE'), 400);
    expectRefusal(await kline('pair=btc_usdt&interval=1min&to=1e3'), 400);
    expectRefusal(await kline('interval=1min'), 400);
    expectRefusal(await kline('pair=abc_xyz&interval=1min', 'de_DE'), 404, MESSAGES.de_DE.futuresUnknownPair);
  });
});
