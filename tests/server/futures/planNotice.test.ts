import { describe, expect, it } from 'vitest';
import { FUTURES_PATHS } from '../../../domain/futures/api.js';
import { listNotifications } from '../../../server/kernel/platform/notifications/notify.js';
import { expectOk } from '../http.js';
import { useFutures } from './harness.js';

/** Issue 50 M10: a take-profit or stop-loss that fires tells its owner, in their language. */
const t = useFutures();

describe('a TP/SL that fires', () => {
  it('writes a notice with the pair and the quantity being closed', async () => {
    const { trader } = await t.longAt60000({ funds: '10000', quantity: '0.01' });
    expectOk(await t.post(trader, FUTURES_PATHS.plan, { symbol: 'btc_usdt', kind: 'stop_loss', trigger_by: 'mark', trigger_value: '58000', exec_type: 'market' }));
    const bidder = await t.user('10000000');
    await t.place(bidder.id, { symbol: 'BTC_USDT', action: 'open_long', type: 'limit', price: '57900', quantity: '0.01' });
    await t.mark('BTC_USDT', '57990');
    expect(t.position(trader).side).toBe(0);
    const list = (await listNotifications(t.db, trader.id, 'en_US', 1, 10)).list.filter((n) => n.kind === 'futures_plan_triggered');
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ title: 'Take-profit / stop-loss triggered', body: 'A take-profit or stop-loss on BTC/USDT triggered: 0.01 of your position is being closed at market.' });
    await t.expectAuditClean();
  });
});
