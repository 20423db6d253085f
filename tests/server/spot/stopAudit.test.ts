import { describe, expect, it } from 'vitest';
import { SPOT_PATHS, type SpotOrder, type SpotStop } from '../../../domain/spotOrders.js';
import { auditBooks } from '../../../server/products/audit.js';
import { listNotifications } from '../../../server/kernel/platform/notifications/notify.js';
import { expectOk, post } from '../http.js';
import { trader, useSpotApp } from './spotApp.js';

/**
 * Issue 49 §6: the ledger audit reported "frozen but open orders hold less" whenever a spot stop
 * was waiting, because it did not count what waiting stops hold. It must be clean while stops wait
 * (alone and as OCO), after one fires and after one is cancelled.
 */
const t = useSpotApp();
const settle = () => Promise.all([...t.markets.values()].map((m) => m.idle()));

describe('the ledger audit counts what spot stops hold', () => {
  it('is clean with stops waiting, fired and cancelled', async () => {
    const user = await trader(t.db, { ETH: '5', USDT: '100000' });
    const waiting = expectOk(await post<SpotStop>(t.app, SPOT_PATHS.stopPlace, { symbol: 'ETH_USDT', side: 'sell', trigger_price: '100', price: '99', quantity: '1' }, user.headers()));
    expectOk(await post<SpotStop>(t.app, SPOT_PATHS.stopPlace, { symbol: 'ETH_USDT', side: 'buy', trigger_price: '90000', price: '90001', quantity: '0.5' }, user.headers()));
    expectOk(await post<SpotStop>(t.app, SPOT_PATHS.stopPlace, { symbol: 'ETH_USDT', side: 'sell', trigger_price: '50', price: '49', quantity: '1', limit_price: '80000' }, user.headers()));
    expect(await auditBooks(t.db)).toEqual([]);

    // A trade at 100 fires the first stop: its freeze is the order's now, counted once.
    const a = await trader(t.db, { ETH: '1' });
    const b = await trader(t.db, { USDT: '1000' });
    expectOk(await post<SpotOrder>(t.app, SPOT_PATHS.place, { symbol: 'ETH_USDT', side: 'sell', type: 'limit', price: '100', quantity: '0.01' }, a.headers()));
    expectOk(await post<SpotOrder>(t.app, SPOT_PATHS.place, { symbol: 'ETH_USDT', side: 'buy', type: 'limit', price: '100', quantity: '0.01' }, b.headers()));
    await settle();
    for (let i = 0; i < 50 && (await t.db.query(`select 1 from spot_stop where id = $1 and order_id is not null`, [waiting.id])).length === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
      await settle();
    }
    expect(await auditBooks(t.db)).toEqual([]);
    // Its owner hears it fired (issue 50 M10), in their language, with the figures of the stop at
    // the pair's places as the order pages show them (issue 50 M4), in the reader's style (M6).
    const [notice] = await listNotifications(t.db, user.id, 'en_US', 1, 5).then((p) => p.list.filter((n) => n.kind === 'spot_stop_triggered'));
    expect(notice).toMatchObject({ title: 'Stop order triggered', body: 'ETH/USDT reached 100.00: the limit order of your stop, 1.0000 at 99.00, is placed.' });
    const [german] = await listNotifications(t.db, user.id, 'de_DE', 1, 5).then((p) => p.list.filter((n) => n.kind === 'spot_stop_triggered'));
    expect(german!.body).toContain('100,00');
    expect((await listNotifications(t.db, user.id, 'ja_JP', 1, 5)).list[0]!.title).toBe('ストップ注文が発動しました');

    expectOk(await post(t.app, SPOT_PATHS.stopCancel, { id: waiting.id + 1 }, user.headers()));
    expect(await auditBooks(t.db)).toEqual([]);
  });
});
