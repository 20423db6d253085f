import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../../server/kernel/platform/db/database.js';
import { coalescedOrderReader, orderOf } from '../../../server/products/spot/orderViews.js';
import { SPOT_PATHS, type SpotOrder } from '../../../domain/spotOrders.js';
import { expectOk, post } from '../http.js';
import { trader, useSpotApp } from './spotApp.js';

const t = useSpotApp();

describe('coalesced order reads', () => {
  it('reads asked for in one turn are one query, with the same answers as orderOf, owner filter included', async () => {
    const alice = await trader(t.db, { USDT: '1000' });
    const bob = await trader(t.db, { USDT: '1000' });
    const placed: Array<{ user: number; order: SpotOrder }> = [];
    for (const [who, price] of [[alice, '10'], [alice, '11'], [bob, '12']] as const) {
      const order = expectOk(await post<SpotOrder>(t.app, SPOT_PATHS.place, { symbol: 'LTC_USDT', side: 'buy', type: 'limit', price, quantity: '1' }, who.headers()));
      placed.push({ user: who.id, order });
    }
    const queries: string[] = [];
    const counting: Queryable = { query: (sql, params) => (queries.push(sql), t.db.query(sql, params)) } as Queryable;
    const read = coalescedOrderReader(counting);
    const answers = await Promise.all([
      ...placed.map((p) => read(p.user, p.order.id)),
      read(bob.id, placed[0]!.order.id), // alice's order asked for as bob's: none
      read(alice.id, 987_654_321),
    ]);
    expect(queries).toHaveLength(1);
    for (const [i, p] of placed.entries()) expect(answers[i]).toEqual(await orderOf(t.db, p.user, p.order.id));
    expect(answers.slice(3)).toEqual([undefined, undefined]);
    // A later turn is a query of its own.
    expect(await read(bob.id, placed[2]!.order.id)).toEqual(placed[2]!.order);
    expect(queries).toHaveLength(2);
  });
});
