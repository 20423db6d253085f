import { describe, expect, it } from 'vitest';
import { FUTURES_PATHS } from '../../../domain/futures/api.js';
import { expectOk } from '../http.js';
import { useFutures } from './harness.js';

/**
 * Issue 49 §1: "0.0010000" BTC was placed as 0.1 and a stop-loss at "58000.000" was stored as
 * 580,000 (closing the position at once). Futures quantities, prices and TP/SL triggers with
 * trailing zeros are the numbers they denote.
 */
const t = useFutures();

describe('futures inputs with trailing zeros are the numbers they denote', () => {
  it('an order of "0.0010000" at "60000.000" opens 0.001 BTC at 60000', async () => {
    await t.clearBook();
    await t.mark('BTC_USDT', '60000');
    const maker = await t.user('10000000');
    await t.place(maker.id, { symbol: 'BTC_USDT', action: 'open_short', type: 'limit', price: '60000', quantity: '1' });
    const trader = await t.user('10000');
    const placed = expectOk(await t.order(trader, { action: 'open_long', type: 'limit', price: '60000.000', quantity: '0.0010000' }));
    expect(placed.order.filled).toBe('0.001');
    expect(t.position(trader)).toMatchObject({ side: 1 });
    expect(t.fx('0.001')).toBe(t.position(trader).quantity);
    await t.expectAuditClean();
  });

  it('a stop-loss with trigger "58000.000" waits at 58000 and does not close the position at once', async () => {
    const { trader } = await t.longAt60000({ funds: '10000', quantity: '0.01' });
    expectOk(await t.post(trader, FUTURES_PATHS.plan, { symbol: 'btc_usdt', kind: 'stop_loss', trigger_by: 'mark', trigger_value: '58000.000', exec_type: 'market' }));
    const [plan] = await t.db.query<{ trigger_value: string; status: number }>(`select trim_scale(trigger_value)::text as trigger_value, status from futures_plan where user_id = $1`, [trader.id]);
    expect(plan).toEqual({ trigger_value: '58000', status: 1 });
    await t.mark('BTC_USDT', '59000');
    expect(t.position(trader).side).toBe(1);
  });
});
