import { describe, expect, it } from 'vitest';
import { SPOT_PATHS, type SpotStop } from '../../../domain/spotOrders.js';
import { MESSAGES } from '../../../server/kernel/platform/i18n/messages.js';
import { readBalance } from '../../../server/kernel/platform/ledger/ledger.js';
import { expectOk, post } from '../http.js';
import { useStopsWorld } from './stopsProcess.js';
import { orderCount, trader } from './spotApp.js';

/**
 * Issue 37: spot stop-limit and OCO, triggered by the last trade price on the server, rebuilt from
 * their rows after a restart, placed exactly once, their funds frozen while they wait.
 */
const w = useStopsWorld();
const { limit, stop, stopsOf, openOrders, settle, tradeAt, pushed } = w;
const en = MESSAGES.en_US;
/** A stop placed and answered "placed" (in English): the waiting stop. */
const placedStop = async (headers: Record<string, string>, body: object) => {
  const placed = await stop(headers, body);
  expect(placed.body.msg).toBe(en.spotStopPlaced);
  return expectOk(placed);
};

describe('spot stop-limit', () => {
  it('waits with its funds frozen, fires on the last price reaching the trigger (not before), and places once', async () => {
    await tradeAt('2000', true);
    const seller = await trader(w.db, { ETH: '2' });
    const waiting = await placedStop(seller.headers(), { side: 'sell', trigger_price: '1900', price: '1890', quantity: '1' });
    expect(waiting).toMatchObject({ status: 1, trigger_price: '1900', price: '1890', quantity: '1', frozen: '1', order_id: null });
    expect(await readBalance(w.db, seller.id, 'ETH')).toEqual({ available: '1', frozen: '1' });
    // Not spendable twice: a limit order for more than the rest is refused.
    expect((await limit(seller.headers(), 'sell', '2500', '1.5')).body.msg).toBe(en.spotInsufficientBalance);

    await tradeAt('1950');
    expect(await openOrders(seller.headers())).toEqual([]);
    expect((await stopsOf(seller.headers()))[0]).toMatchObject({ id: waiting.id, status: 1 });

    await tradeAt('1900');
    const [order] = await openOrders(seller.headers());
    expect(order).toMatchObject({ side: 'sell', price: '1890', quantity: '1', status: 1 });
    const [fired] = await w.db.query<{ status: number; order_id: string }>(`select status, order_id from spot_stop where id = $1`, [waiting.id]);
    expect(fired).toMatchObject({ status: 2 });
    expect(Number(fired!.order_id)).toBe(order!.id);
    // The stop's freeze became the order's: still 1 frozen, not 2.
    expect(await readBalance(w.db, seller.id, 'ETH')).toEqual({ available: '1', frozen: '1' });

    // Another trade through the trigger places nothing more.
    await tradeAt('1850');
    expect(await orderCount(w.db, seller.id)).toBe(1);
  });

  it('cancelling a waiting stop gives its funds back; a stop that would trigger at once and bad input are refused in the trader’s language', async () => {
    await tradeAt('2000', true);
    const buyer = await trader(w.db, { USDT: '5000' });
    const waiting = await placedStop(buyer.headers(), { side: 'buy', trigger_price: '2100', price: '2110', quantity: '1' });
    expect(await readBalance(w.db, buyer.id, 'USDT')).toEqual({ available: '2890', frozen: '2110' });
    // The freeze is pushed to the owner's pages at once (and the release below), not at the next trade.
    expect(pushed.filter((p) => p.userId === buyer.id)).toEqual([{ userId: buyer.id, currencies: ['USDT'] }]);
    const cancelled = await post<SpotStop>(w.s.app, SPOT_PATHS.stopCancel, { id: waiting.id }, buyer.headers());
    expect(cancelled.body.msg).toBe(en.spotStopCancelled);
    expect(expectOk(cancelled).status).toBe(3);
    expect(await readBalance(w.db, buyer.id, 'USDT')).toEqual({ available: '5000', frozen: '0' });
    expect(pushed.filter((p) => p.userId === buyer.id)).toHaveLength(2);
    expect((await post(w.s.app, SPOT_PATHS.stopCancel, { id: waiting.id }, buyer.headers())).body.msg).toBe(en.spotStopNotWaiting);
    const other = await trader(w.db, {});
    expect((await post(w.s.app, SPOT_PATHS.stopCancel, { id: waiting.id }, other.headers())).body).toMatchObject({ code: 404, msg: en.spotStopNotFound });

    const de = buyer.headers({ lang: 'de_DE' });
    expect((await stop(de, { side: 'buy', trigger_price: '1990', price: '2000', quantity: '1' })).body).toMatchObject({ code: 400, msg: MESSAGES.de_DE.spotStopWouldTrigger });
    // Each wrong trigger in its own words (every one read "Enter a trigger price above zero" before).
    expect((await stop(de, { side: 'buy', trigger_price: 'abc', price: '2000', quantity: '1' })).body).toMatchObject({ code: 400, msg: MESSAGES.de_DE.spotTriggerMalformed });
    expect((await stop(de, { side: 'buy', trigger_price: '0', price: '2000', quantity: '1' })).body).toMatchObject({ code: 400, msg: MESSAGES.de_DE.spotStopTriggerInvalid });
    expect((await stop(de, { side: 'buy', trigger_price: '2100.123456789', price: '2110', quantity: '1' })).body.msg).toMatch(/^Der Auslösepreis erlaubt höchstens \d+ Nachkommastellen$/);
    expect((await stop(de, { side: 'buy', trigger_price: '2100', price: '2110', quantity: '100' })).body).toMatchObject({ code: 400, msg: MESSAGES.de_DE.spotInsufficientBalance });
    expect((await stop(de, { side: 'sell', trigger_price: '1900', price: '1890', quantity: '1', limit_price: '1800' })).body.code).toBe(400);
    const extra = await stop(de, { side: 'buy', trigger_price: '2100', price: '2110', quantity: '1', stop: true });
    expect(extra.status).toBeLessThan(500);
    expect(extra.body.code).toBe(400);
    expect(await readBalance(w.db, buyer.id, 'USDT')).toEqual({ available: '5000', frozen: '0' });
  });

  it('survives a restart: a new service over the same database fires it on the last price', async () => {
    await tradeAt('2000', true);
    const seller = await trader(w.db, { ETH: '1' });
    const waiting = expectOk(await stop(seller.headers(), { side: 'sell', trigger_price: '1800', price: '1790', quantity: '1' }));
    await w.restart();
    await tradeAt('1800');
    const [order] = await openOrders(seller.headers());
    expect(order).toMatchObject({ price: '1790', quantity: '1' });
    const [row] = await w.db.query<{ status: number; order_id: string }>(`select status, order_id from spot_stop where id = $1`, [waiting.id]);
    expect(Number(row!.order_id)).toBe(order!.id);

    // A stop claimed before a crash but not placed, or placed and not noted: placed once on restart.
    await w.db.query(`update spot_stop set order_id = null where id = $1`, [waiting.id]);
    await w.restart();
    await settle();
    expect(await orderCount(w.db, seller.id)).toBe(1);
    const [again] = await w.db.query<{ order_id: string }>(`select order_id from spot_stop where id = $1`, [waiting.id]);
    expect(Number(again!.order_id)).toBe(order!.id);
    expect(await readBalance(w.db, seller.id, 'ETH')).toEqual({ available: '0', frozen: '1' });
  });
});

describe('spot OCO', () => {
  it('a sell OCO freezes its quantity once; the stop triggering cancels the limit leg', async () => {
    await tradeAt('2000', true);
    const seller = await trader(w.db, { ETH: '1' });
    const oco = expectOk(await stop(seller.headers(), { side: 'sell', trigger_price: '1900', price: '1890', quantity: '1', limit_price: '2200' }));
    expect(oco.oco_order_id).not.toBeNull();
    expect(oco.frozen).toBe('0');
    expect(await readBalance(w.db, seller.id, 'ETH')).toEqual({ available: '0', frozen: '1' });
    expect((await openOrders(seller.headers())).map((o) => o.price)).toEqual(['2200']);
    await tradeAt('1900');
    const orders = await openOrders(seller.headers());
    expect(orders.map((o) => o.price)).toEqual(['1890']);
    const [leg] = await w.db.query<{ status: number }>(`select status from spot_order where id = $1`, [oco.oco_order_id]);
    expect(leg!.status).toBe(4);
    expect(await readBalance(w.db, seller.id, 'ETH')).toEqual({ available: '0', frozen: '1' });
  });

  it('the limit leg filling (even partly) cancels the stop', async () => {
    await tradeAt('2000', true);
    const seller = await trader(w.db, { ETH: '1' });
    const oco = expectOk(await stop(seller.headers(), { side: 'sell', trigger_price: '1900', price: '1890', quantity: '1', limit_price: '2200' }));
    const buyer = await trader(w.db, { USDT: '10000' });
    expectOk(await limit(buyer.headers(), 'buy', '2200', '0.4'));
    await settle();
    expect(await stopsOf(seller.headers())).toEqual([]);
    const [row] = await w.db.query<{ status: number }>(`select status from spot_stop where id = $1`, [oco.id]);
    expect(row!.status).toBe(3);
    // The stop leg never fires now.
    await tradeAt('1850');
    expect(await orderCount(w.db, seller.id)).toBe(1);
  });

  it('cancelling either leg cancels both, and a buy OCO gives every frozen unit back', async () => {
    await tradeAt('2000', true);
    const buyer = await trader(w.db, { USDT: '5000' });
    const a = expectOk(await stop(buyer.headers(), { side: 'buy', trigger_price: '2100', price: '2110', quantity: '1', limit_price: '1900' }));
    // The leg holds 1900, the stop the difference to its own 2110.
    expect(a.frozen).toBe('210');
    expect(await readBalance(w.db, buyer.id, 'USDT')).toEqual({ available: '2890', frozen: '2110' });
    expectOk(await post(w.s.app, SPOT_PATHS.stopCancel, { id: a.id }, buyer.headers()));
    await settle();
    expect(await openOrders(buyer.headers())).toEqual([]);
    expect(await readBalance(w.db, buyer.id, 'USDT')).toEqual({ available: '5000', frozen: '0' });

    // Not the same body again: without an Idempotency-Key the same body within the anti-double-submit
    // window is the same submission (spec §9), and would answer the cancelled stop above.
    const b = expectOk(await stop(buyer.headers(), { side: 'buy', trigger_price: '2105', price: '2110', quantity: '1', limit_price: '1900' }));
    expect(b.id).not.toBe(a.id);
    expectOk(await post(w.s.app, SPOT_PATHS.cancel, { id: b.oco_order_id }, buyer.headers()));
    await settle();
    expect(await stopsOf(buyer.headers())).toEqual([]);
    expect(await readBalance(w.db, buyer.id, 'USDT')).toEqual({ available: '5000', frozen: '0' });
  });
});
