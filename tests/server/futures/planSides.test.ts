import { describe, expect, it } from 'vitest';
import { FUTURES_PATHS } from '../../../domain/futures/api.js';
import { MESSAGES } from '../../../server/kernel/platform/i18n/messages.js';
import { expectOk, expectRefusal } from '../http.js';
import { useFutures } from './harness.js';

/**
 * A trader's journey: a long opened at market with a take-profit of 90 000 while the mark was
 * 96 140 was accepted, and closed within half a second at a loss, its close labelled take-profit.
 * A take-profit or stop-loss that would trigger at once is refused now, with the price it watches:
 * a long's take-profit goes above the price and its stop-loss below, a short's the other way round.
 */
const t = useFutures();
const EN = MESSAGES.en_US;
const firesNow = (price: string) => EN.futuresPlanFiresNow.replace('{price}', price);
const plan = (kind: 'take_profit' | 'stop_loss', value: string, by: 'mark' | 'last' = 'mark') => ({ trigger_by: by, trigger_value: value, exec_type: 'market' });

describe('a take-profit or stop-loss on the wrong side of the price', () => {
  it('is refused with an opening order, which then opens nothing', async () => {
    const { trader } = await t.longAt60000({ funds: '10000', quantity: '0.01' });
    const before = t.position(trader).quantity;
    const maker = await t.user('10000000');
    await t.place(maker.id, { symbol: 'BTC_USDT', action: 'open_short', type: 'limit', price: '60000', quantity: '0.01' });
    expectRefusal(await t.order(trader, { action: 'open_long', type: 'market', quantity: '0.01', take_profit: plan('take_profit', '59000') }), 400, firesNow('60,000.00'));
    expectRefusal(await t.order(trader, { action: 'open_long', type: 'market', quantity: '0.01', stop_loss: plan('stop_loss', '61000') }), 400, firesNow('60,000.00'));
    expect(t.position(trader).quantity).toBe(before);
    // On the right sides it is taken.
    expectOk(await t.order(trader, { action: 'open_long', type: 'market', quantity: '0.01', take_profit: plan('take_profit', '61000'), stop_loss: plan('stop_loss', '59000') }));
    await t.expectAuditClean();
  });

  it('is refused on a position, for a short the other way round, by the last price too', async () => {
    const { trader } = await t.longAt60000({ funds: '10000', quantity: '0.01' });
    const add = (kind: 'take_profit' | 'stop_loss', value: string, by: 'mark' | 'last' = 'mark') => t.post(trader, FUTURES_PATHS.plan, { symbol: 'btc_usdt', kind, ...plan(kind, value, by) });
    expectRefusal(await add('take_profit', '60000'), 400, firesNow('60,000.00'));
    expectRefusal(await add('stop_loss', '60500'), 400, firesNow('60,000.00'));
    expectRefusal(await add('take_profit', '59999', 'last'), 400, firesNow('60,000.00'));
    expectOk(await add('take_profit', '60001'));
    expectOk(await add('stop_loss', '59999', 'last'));
    // A short: its take-profit below the price, its stop-loss above.
    const maker = await t.user('10000000');
    await t.place(maker.id, { symbol: 'BTC_USDT', action: 'open_long', type: 'limit', price: '60000', quantity: '0.03' });
    const short = await t.user('10000');
    expectRefusal(await t.order(short, { action: 'open_short', type: 'market', quantity: '0.01', take_profit: plan('take_profit', '60500') }), 400, firesNow('60,000.00'));
    expectRefusal(await t.order(short, { action: 'open_short', type: 'market', quantity: '0.01', stop_loss: plan('stop_loss', '59500') }), 400, firesNow('60,000.00'));
    expectOk(await t.order(short, { action: 'open_short', type: 'market', quantity: '0.01', take_profit: plan('take_profit', '59500'), stop_loss: plan('stop_loss', '60500') }));
    await t.expectAuditClean();
  });
});
