import { describe, expect, it } from 'vitest';
import { FUTURES_PATHS } from '../../../domain/futures/api.js';
import type { KlineHistory } from '../../../domain/market.js';
import { KLINE_INTERVALS } from '../../../domain/constants.js';
import { listCurrencies } from '../../../server/kernel/platform/catalogue.js';
import { bucketStart } from '../../../server/kernel/exchange/market/intervals.js';
import { anchorPrice, SEED_BARS, seedHistoryIfEmpty, seedOptionsFor } from '../../../server/kernel/platform/marketHistory/seedHistory.js';
import { decimalToUnits } from '../../../server/kernel/exchange/market/units.js';
import { seedContractCharts } from '../../../server/products/futures/seedChart.js';
import { fx } from '../../../domain/fx.js';
import { expectOk, get } from '../http.js';
import { useFutures } from './harness.js';

const t = useFutures();
const kline = (query: string) => get<KlineHistory>(t.app, `${FUTURES_PATHS.kline}?${query}`);
const rows = (table: string, left: string) =>
  t.db.query(`select interval, open_time::text, open::text, high::text, low::text, close::text, amount::text, count from ${table} where left_symbol = $1 order by interval, open_time`, [left]);

describe('a contract chart on a fresh install', () => {
  it('opens with the generated history its spot pair gets, every interval up to the current bar', async () => {
    await seedContractCharts(t.db, t.ex.pairs.values(), t.now());
    for (const interval of KLINE_INTERVALS) {
      const { bars } = expectOk(await kline(`pair=eth_usdt&interval=${interval}`));
      expect(bars.length, interval).toBeGreaterThanOrEqual(200);
      expect(bars.length).toBeLessThanOrEqual(SEED_BARS);
      expect(bars.at(-1)!.time, interval).toBe(bucketStart(interval, t.now()));
      for (const b of bars) expect(Number(b.low) <= Math.min(Number(b.open), Number(b.close)) && Number(b.high) >= Math.max(Number(b.open), Number(b.close))).toBe(true);
    }
    // Spot's seed of the same pair at the same time is the same history: the two charts agree.
    const spec = t.ex.pairs.get('ETH_USDT')!.spec;
    const currencies = await listCurrencies(t.db);
    await seedHistoryIfEmpty(t.db, 'candle', spec, anchorPrice(spec, currencies)!, t.now(), seedOptionsFor(spec, currencies));
    expect(await rows('futures_candle', 'ETH')).toEqual(await rows('candle', 'ETH'));
  });

  it('is written once, and leaves a pair with trades to the backfill from its trades', async () => {
    const [before] = await t.db.query<{ n: number }>(`select count(*)::int as n from futures_candle`);
    // An hour on, a second seed would add bars (its newest buckets are new): it must add none.
    t.advance(3_600_000);
    await seedContractCharts(t.db, t.ex.pairs.values(), t.now());
    expect(await t.db.query(`select count(*)::int as n from futures_candle`)).toEqual([before]);

    // A database from before the candles (trades, no candle rows): no generated history over real trades.
    await t.mark('BTC_USDT', '60000');
    const a = await t.user('1000000');
    const b = await t.user('1000000');
    await t.place(a.id, { symbol: 'BTC_USDT', action: 'open_short', type: 'limit', price: '60000', quantity: '0.1' });
    await t.place(b.id, { symbol: 'BTC_USDT', action: 'open_long', type: 'market', quantity: '0.1' });
    await t.db.query(`delete from futures_candle where left_symbol = 'BTC'`);
    await seedContractCharts(t.db, t.ex.pairs.values(), t.now());
    const [btc] = await t.db.query<{ n: number }>(`select count(*)::int as n from futures_candle where left_symbol = 'BTC'`);
    expect(Number(btc!.n)).toBe(0);
  });

  it('gives no last price after a restart: a generated close moves neither the mark nor a last-price plan', async () => {
    // ETH's chart is generated and never traded; BTC traded at 60 000 in the test before.
    await t.ex.restore();
    expect(t.ex.data.get('ETH_USDT')!.lastTradePrice()).toBeUndefined();
    expect(t.ex.data.get('BTC_USDT')!.lastTradePrice()).toBe(decimalToUnits('60000', t.ex.pairs.get('BTC_USDT')!.spec.pricePrecision));
    // No book and no trade: the basis stays 0, so the mark is the index (the generated close, near
    // the reference price, had pulled it up by the basis band's 0.5 % on the futures crash test).
    await t.product.feed.setIndex(t.ex.pairs.get('ETH_USDT')!, fx('1500'));
    expect(t.ex.marks.get('ETH_USDT')!.mark).toBe(fx('1500'));
  });
});
