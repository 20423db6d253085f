import { describe, expect, it } from 'vitest';
import { SPOT_PATHS, type SpotOrder, type SpotStop } from '../../../../domain/spotOrders.js';
import { MESSAGES } from '../../../../server/kernel/platform/i18n/messages.js';
import { readBalance } from '../../../../server/kernel/platform/ledger/ledger.js';
import { expectOk, expectRefusal, post } from '../../http.js';
import { orderCount, trader, useSpotApp } from '../../spot/spotApp.js';

/**
 * Spot orders claim their Idempotency-Keys in the record stage, a batch at a time (pipeline/
 * record.ts), not through `once`: the same key with another body is refused there too — after the
 * first order, and when both arrive together — while a repeat of the same body answers the first
 * order. Stops go through `once`.
 */
const t = useSpotApp();
const en = MESSAGES.en_US;
const BID = { symbol: 'XRP_USDT', side: 'buy', type: 'limit', price: '0.5', quantity: '100' };
const place = (headers: Record<string, string>, body: object) => post<SpotOrder>(t.app, SPOT_PATHS.place, body, headers);

describe('spot: one Idempotency-Key, another body', () => {
  it('after the first order: the same body answers it, another price or side is refused, nothing more is frozen', async () => {
    const me = await trader(t.db, { USDT: '500', XRP: '500' });
    const headers = me.headers({ 'idempotency-key': `spot-reuse-${me.id}` });
    const first = expectOk(await place(headers, BID));
    expect(expectOk(await place(headers, BID)).id).toBe(first.id);
    expectRefusal(await place(headers, { ...BID, price: '0.4' }), 400, en.idempotencyKeyReused);
    expectRefusal(await place(headers, { ...BID, side: 'sell', price: '5' }), 400, en.idempotencyKeyReused);
    expect(await orderCount(t.db, me.id)).toBe(1);
    expect(await readBalance(t.db, me.id, 'USDT')).toEqual({ available: '450', frozen: '50' });
    expect(await readBalance(t.db, me.id, 'XRP')).toEqual({ available: '500', frozen: '0' });
  });

  it('two bodies under one key at once: one order, every answer of the other body refused', async () => {
    const me = await trader(t.db, { USDT: '500' });
    const headers = me.headers({ 'idempotency-key': `spot-reuse-race-${me.id}` });
    const bodies = [BID, { ...BID, quantity: '200' }];
    const answers = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => place(headers, bodies[i % 2]!)));
    const placed = answers.filter((a) => a.body.code === 200).map((a) => expectOk(a));
    expect(new Set(placed.map((o) => o.id)).size).toBe(1);
    expect(placed).toHaveLength(3);
    for (const a of answers.filter((x) => x.body.code !== 200)) expectRefusal(a, 400, en.idempotencyKeyReused);
    expect(await orderCount(t.db, me.id)).toBe(1);
    const frozen = String(0.5 * Number(placed[0]!.quantity));
    expect(await readBalance(t.db, me.id, 'USDT')).toEqual({ available: String(500 - Number(frozen)), frozen });
  });

  it('a stop: another trigger under a used key is refused and freezes nothing more', async () => {
    const me = await trader(t.db, { USDT: '500' });
    const headers = me.headers({ 'idempotency-key': `spot-stop-reuse-${me.id}` });
    const stop = { symbol: 'XRP_USDT', side: 'buy', trigger_price: '1000', price: '0.5', quantity: '100' };
    const first = expectOk(await post<SpotStop>(t.app, SPOT_PATHS.stopPlace, stop, headers));
    expect(expectOk(await post<SpotStop>(t.app, SPOT_PATHS.stopPlace, stop, headers)).id).toBe(first.id);
    expectRefusal(await post(t.app, SPOT_PATHS.stopPlace, { ...stop, trigger_price: '900' }, headers), 400, en.idempotencyKeyReused);
    expect(await readBalance(t.db, me.id, 'USDT')).toEqual({ available: '450', frozen: '50' });
  });
});
