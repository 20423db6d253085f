import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPOT_PATHS, type SpotOrder, type SpotStop } from '../../../domain/spotOrders.js';
import type { Page } from '../../../domain/wallet.js';
import type { Database } from '../../../server/kernel/db/database.js';
import { expectOk, post } from '../http.js';
import { openTestDatabase } from '../testDb.js';
import { startStopsProcess, stopStopsProcess, type BalancePushes, type StopsProcess } from './stopsProcess.js';
import { trader } from './spotApp.js';

/**
 * Issue 50 M11: a stop's history. A triggered stop-limit's order shows its trigger; cancelled stops
 * (by the user, or with their OCO's limit leg) and triggered stops whose order finished are listed
 * by /api/spot/stops_history; an OCO's limit leg is marked `oco` in the order lists.
 */
/** Balance pushes the stops asked for, after their commits: who and which currencies. */
const pushed: BalancePushes = [];
const startServer = (db: Database) => startStopsProcess(db, pushed);
const stopServer = stopStopsProcess;

let db: Database;
let s: StopsProcess;
beforeAll(async () => {
  db = await openTestDatabase();
  s = await startServer(db);
});
afterAll(async () => {
  await stopServer(s);
  await db.close();
});

const limit = (headers: Record<string, string>, side: 'buy' | 'sell', price: string, quantity: string) =>
  post<SpotOrder>(s.app, SPOT_PATHS.place, { symbol: 'ETH_USDT', side, type: 'limit', price, quantity }, headers);
const stop = (headers: Record<string, string>, body: object) => post<SpotStop>(s.app, SPOT_PATHS.stopPlace, { symbol: 'ETH_USDT', ...body }, headers);
const stopsOf = async (headers: Record<string, string>) => expectOk(await post<Page<SpotStop>>(s.app, SPOT_PATHS.stopsCurrent, { page: 1 }, headers)).list;
const openOrders = async (headers: Record<string, string>) => expectOk(await post<Page<SpotOrder>>(s.app, SPOT_PATHS.current, { page: 1 }, headers)).list;
const settle = async () => {
  await Promise.all([...s.markets.values()].map((m) => m.idle()));
  await s.stops.idle();
  await Promise.all([...s.markets.values()].map((m) => m.idle()));
};

/** Cancels every open order of the pair, so that earlier tests' orders do not take part in a trade. */
async function clearBook() {
  await settle();
  const open = await db.query<{ id: string; user_id: string }>(`select id, user_id from spot_order where left_symbol = 'ETH' and right_symbol = 'USDT' and status in (1, 2)`);
  const market = s.markets.get('ETH_USDT')!;
  for (const o of open) await market.cancel(Number(o.user_id), Number(o.id));
  await settle();
}

/** A trade at `price` between two fresh makers: the pair's last price becomes `price`. */
async function tradeAt(price: string, clear = false) {
  if (clear) await clearBook();
  const a = await trader(db, { ETH: '1' });
  const b = await trader(db, { USDT: '100000' });
  expectOk(await limit(a.headers(), 'sell', price, '0.01'));
  expectOk(await limit(b.headers(), 'buy', price, '0.01'));
  await settle();
}


const history = async (headers: Record<string, string>) => expectOk(await post<Page<SpotStop>>(s.app, SPOT_PATHS.stopsHistory, { days: 7, page: 1 }, headers)).list;
const finished = async (headers: Record<string, string>) => expectOk(await post<Page<SpotOrder>>(s.app, SPOT_PATHS.history, { days: 7, page: 1 }, headers)).list;

describe('spot stop history (issue 50 M11)', () => {
  it('a triggered stop-limit\'s order carries its trigger, and once finished the stop is in the history', async () => {
    await tradeAt('2000', true);
    const seller = await trader(db, { ETH: '1' });
    const waiting = expectOk(await stop(seller.headers(), { side: 'sell', trigger_price: '1900', price: '1890', quantity: '1' }));
    expect(await history(seller.headers())).toEqual([]);
    await tradeAt('1900');
    const [order] = await openOrders(seller.headers());
    expect(order).toMatchObject({ price: '1890', stop_trigger: '1900', oco: false });
    expectOk(await post(s.app, SPOT_PATHS.cancel, { id: order!.id }, seller.headers()));
    await settle();
    const [ended] = await finished(seller.headers());
    expect(ended).toMatchObject({ id: order!.id, status: 4, stop_trigger: '1900' });
    expect(await history(seller.headers())).toMatchObject([{ id: waiting.id, status: 2, order_id: order!.id, trigger_price: '1900' }]);
    expect(await stopsOf(seller.headers())).toEqual([]);
  });

  it('a cancelled stop and a cancelled OCO are listed; the OCO\'s limit leg is marked OCO; nobody else sees them', async () => {
    await tradeAt('2000', true);
    const buyer = await trader(db, { USDT: '5000' });
    const plain = expectOk(await stop(buyer.headers(), { side: 'buy', trigger_price: '2100', price: '2110', quantity: '1' }));
    const seller = await trader(db, { ETH: '1' });
    const oco = expectOk(await stop(seller.headers(), { side: 'sell', trigger_price: '1900', price: '1890', quantity: '1', limit_price: '2200' }));
    const [leg] = await openOrders(seller.headers());
    expect(leg).toMatchObject({ id: oco.oco_order_id, oco: true, stop_trigger: null });
    expectOk(await post(s.app, SPOT_PATHS.stopCancel, { id: plain.id }, buyer.headers()));
    expectOk(await post(s.app, SPOT_PATHS.stopCancel, { id: oco.id }, seller.headers()));
    await settle();
    expect(await history(buyer.headers())).toMatchObject([{ id: plain.id, status: 3, oco_order_id: null }]);
    expect(await history(seller.headers())).toMatchObject([{ id: oco.id, status: 3, oco_order_id: oco.oco_order_id }]);
    expect((await finished(seller.headers())).find((o) => o.id === oco.oco_order_id)).toMatchObject({ status: 4, oco: true });
    const other = await trader(db, {});
    expect(await history(other.headers())).toEqual([]);
    const bad = await post(s.app, SPOT_PATHS.stopsHistory, { days: 5, page: 1 }, buyer.headers());
    expect(bad.status).toBeLessThan(500);
    expect(bad.body.code).toBe(400);
  });
});
