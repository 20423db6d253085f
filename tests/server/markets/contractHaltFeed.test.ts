import { describe, expect, it } from 'vitest';
import { pairSpec } from '../../../server/kernel/exchange/pairSpec.js';
import { readContractHalts } from '../../../server/products/futures/halts.js';
import { listedMakerConfig } from '../../../server/products/spot/makers/listedMakers.js';
import { DEFAULT_MM_CONFIG } from '../../../server/products/spot/makers/marketMaker.js';
import { useFutures } from '../futures/harness.js';

/**
 * Issue 52 §1, the futures side of a contract halt without a whole server: the halt read from the
 * pair row reaches the exchange, the contract's tick carries the reason (and drops it on resume),
 * opening orders are refused while closes go through; and a listed pair's makers read the spread,
 * depth and reference price they were listed with.
 */
const t = useFutures();
const REASON = 'Index feed incident';

describe('a halted contract in the futures product', () => {
  it('refuses openings, takes closes, and its tick carries the reason until the resume', async () => {
    const long = await t.user();
    const short = await t.user();
    await t.mark('BTC_USDT', '30000');
    await t.place(long.id, { symbol: 'BTC_USDT', action: 'open_long', type: 'limit', price: '30000', quantity: '0.01' });
    await t.place(short.id, { symbol: 'BTC_USDT', action: 'open_short', type: 'limit', price: '30000', quantity: '0.01' });

    await t.db.query(`update pair set contract_halted_reason = $1, contract_halted_at = now() where left_symbol = 'BTC' and right_symbol = 'USDT'`, [REASON]);
    await readContractHalts(t.db, t.ex.halted);
    expect([...t.ex.halted]).toEqual([['BTC_USDT', REASON]]);
    const opening = await t.ex.place({ userId: long.id, symbol: 'BTC_USDT', action: 'open_long', type: 'limit', price: '29000', quantity: '0.01', source: 'user' });
    expect(opening).toEqual({ ok: false, key: 'futuresMarketHalted', vars: { symbol: 'BTC_USDT', reason: REASON } });
    // ETH's contract trades on.
    expect((await t.ex.place({ userId: long.id, symbol: 'ETH_USDT', action: 'open_long', type: 'limit', price: '1000', quantity: '0.01', source: 'user' })).ok).toBe(true);
    // Closes go through: the two positions close against each other.
    await t.place(long.id, { symbol: 'BTC_USDT', action: 'close_long', type: 'limit', price: '30000', quantity: '0.01' });
    await t.place(short.id, { symbol: 'BTC_USDT', action: 'close_short', type: 'limit', price: '30000', quantity: '0.01' });
    expect(t.ex.positionOf(long.id, 'BTC_USDT').side).toBe(0);

    // Mark updates go on, and the tick they publish carries the halt.
    t.published.length = 0;
    await t.mark('BTC_USDT', '30100');
    const halted = t.published.filter((p) => p.channel === 'btc_usdt_future_tick').at(-1);
    expect(halted?.payload).toMatchObject({ pair: 'BTC_USDT', mark: '30100', halted_reason: REASON });
    expect(t.published.filter((p) => p.channel === 'eth_usdt_future_tick').every((p) => !('halted_reason' in p.payload))).toBe(true);

    await t.db.query(`update pair set contract_halted_reason = null, contract_halted_at = null where left_symbol = 'BTC' and right_symbol = 'USDT'`);
    await readContractHalts(t.db, t.ex.halted);
    await t.mark('BTC_USDT', '30200');
    const resumed = t.published.filter((p) => p.channel === 'btc_usdt_future_tick').at(-1);
    expect(resumed?.payload).not.toHaveProperty('halted_reason');
    expect((await t.ex.place({ userId: long.id, symbol: 'BTC_USDT', action: 'open_long', type: 'limit', price: '29000', quantity: '0.01', source: 'user' })).ok).toBe(true);
  });
});

describe('the makers of a listed pair', () => {
  it('quote with the spread and depth they were listed with, from the reference price; seeded pairs and makers off give none', async () => {
    await t.db.query(
      `insert into pair (left_symbol, right_symbol, price_precision, amount_precision, sort, min_quantity, min_notional, simulated, maker_spread, maker_depth, reference_price)
       values ('SOL', 'BTC', 6, 2, 900, 0.01, 0.0001, true, 0.002, 5, 0.0021), ('ADA', 'BTC', 8, 1, 900, 0.1, 0.0001, false, null, null, 0.000004)`,
    );
    await t.db.query(`insert into pair_listing (product, base, quote, status) values ('spot', 'SOL', 'BTC', 1), ('spot', 'ADA', 'BTC', 1)`);
    const spec = (left: string, right: string, price_precision: number, amount_precision: number) =>
      pairSpec({ left_symbol: left, right_symbol: right, is_hot: 0, trade_status: 1, contract_status: 0, price_precision, amount_precision, min_quantity: '0', min_notional: '0' });
    const sol = await listedMakerConfig(t.db, spec('SOL', 'BTC', 6, 2));
    expect(sol).toMatchObject({ spreadBps: 20, levels: 5, stepBps: DEFAULT_MM_CONFIG.stepBps, anchor: 2100 });
    expect(sol!.baseUsdt).toBeGreaterThan(0);
    expect(await listedMakerConfig(t.db, spec('ADA', 'BTC', 8, 1))).toBeUndefined();
    expect(await listedMakerConfig(t.db, spec('BTC', 'USDT', 2, 5))).toBeUndefined();
  });
});
