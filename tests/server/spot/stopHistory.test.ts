import { describe, expect, it } from 'vitest';
import { SPOT_PATHS, type SpotOrder, type SpotStop } from '../../../domain/spotOrders.js';
import type { Page } from '../../../domain/wallet.js';
import { expectOk, post } from '../http.js';
import { useStopsWorld } from './stopsProcess.js';
import { trader } from './spotApp.js';

/**
 * Issue 50 M11: a stop's history. A triggered stop-limit's order shows its trigger; cancelled stops
 * (by the user, or with their OCO's limit leg) and triggered stops whose order finished are listed
 * by /api/spot/stops_history; an OCO's limit leg is marked `oco` in the order lists.
 */
const w = useStopsWorld();
const { stop, stopsOf, openOrders, settle, tradeAt } = w;

const history = async (headers: Record<string, string>) => expectOk(await post<Page<SpotStop>>(w.s.app, SPOT_PATHS.stopsHistory, { days: 7, page: 1 }, headers)).list;
const finished = async (headers: Record<string, string>) => expectOk(await post<Page<SpotOrder>>(w.s.app, SPOT_PATHS.history, { days: 7, page: 1 }, headers)).list;

describe('spot stop history (issue 50 M11)', () => {
  it('a triggered stop-limit\'s order carries its trigger, and once finished the stop is in the history', async () => {
    await tradeAt('2000', true);
    const seller = await trader(w.db, { ETH: '1' });
    const waiting = expectOk(await stop(seller.headers(), { side: 'sell', trigger_price: '1900', price: '1890', quantity: '1' }));
    expect(await history(seller.headers())).toEqual([]);
    await tradeAt('1900');
    const [order] = await openOrders(seller.headers());
    expect(order).toMatchObject({ price: '1890', stop_trigger: '1900', oco: false });
    expectOk(await post(w.s.app, SPOT_PATHS.cancel, { id: order!.id }, seller.headers()));
    await settle();
    const [ended] = await finished(seller.headers());
    expect(ended).toMatchObject({ id: order!.id, status: 4, stop_trigger: '1900' });
    expect(await history(seller.headers())).toMatchObject([{ id: waiting.id, status: 2, order_id: order!.id, trigger_price: '1900' }]);
    expect(await stopsOf(seller.headers())).toEqual([]);
  });

  it('a cancelled stop and a cancelled OCO are listed; the OCO\'s limit leg is marked OCO; nobody else sees them', async () => {
    await tradeAt('2000', true);
    const buyer = await trader(w.db, { USDT: '5000' });
    const plain = expectOk(await stop(buyer.headers(), { side: 'buy', trigger_price: '2100', price: '2110', quantity: '1' }));
    const seller = await trader(w.db, { ETH: '1' });
    const oco = expectOk(await stop(seller.headers(), { side: 'sell', trigger_price: '1900', price: '1890', quantity: '1', limit_price: '2200' }));
    const [leg] = await openOrders(seller.headers());
    expect(leg).toMatchObject({ id: oco.oco_order_id, oco: true, stop_trigger: null });
    expectOk(await post(w.s.app, SPOT_PATHS.stopCancel, { id: plain.id }, buyer.headers()));
    expectOk(await post(w.s.app, SPOT_PATHS.stopCancel, { id: oco.id }, seller.headers()));
    await settle();
    expect(await history(buyer.headers())).toMatchObject([{ id: plain.id, status: 3, oco_order_id: null }]);
    expect(await history(seller.headers())).toMatchObject([{ id: oco.id, status: 3, oco_order_id: oco.oco_order_id }]);
    expect((await finished(seller.headers())).find((o) => o.id === oco.oco_order_id)).toMatchObject({ status: 4, oco: true });
    const other = await trader(w.db, {});
    expect(await history(other.headers())).toEqual([]);
    const bad = await post(w.s.app, SPOT_PATHS.stopsHistory, { days: 5, page: 1 }, buyer.headers());
    expect(bad.status).toBeLessThan(500);
    expect(bad.body.code).toBe(400);
  });
});
