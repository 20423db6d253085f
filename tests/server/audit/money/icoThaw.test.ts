import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../../server/kernel/platform/i18n/messages.js';
import { expectOk, expectRefusal } from '../../http.js';
import { DAY, useIco } from '../../ico/harness.js';

/**
 * A thaw moves what the schedule released from frozen to available once: thaws sent together
 * (each with its own Idempotency-Key, as two tabs would) are serialised on the subscription's row,
 * so one moves the released share and the others find nothing left. Subscriptions at the user's
 * bounds hold exactly at them. Concurrency only bites on PostgreSQL.
 */
const t = useIco();
const en = MESSAGES.en_US;

describe('ICO thaws and bounds', () => {
  it('eight thaws at once with eight keys: the released share moves once', async () => {
    const p = await t.project({ total: '1000', price: '1', token_places: 0, release_rate: '0.3', release_period_ms: DAY }, 22);
    const user = await t.user();
    expectOk(await t.subscribe(user, p.id, '100'));
    t.set(p.end_at);
    await t.settle();
    t.set(p.end_at + DAY);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => t.thaw(user, p.id, { 'idempotency-key': `thaw-race-${user.id}-${i}` })));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.body.code !== 200)) expectRefusal(a, 400, en.icoNothingToThaw);
    expect(await t.token(user, p.symbol)).toEqual({ available: '30', frozen: '70' });
    const [row] = await t.db.query<{ n: number }>(`select count(*)::int as n from ico_record where project_id = $1 and user_id = $2 and kind = 'thaw'`, [p.id, user.id]);
    expect(row!.n).toBe(1);
    await t.expectAuditClean();
  });

  it('min and max quantity hold exactly at their bounds, also when two subscriptions that fit alone arrive together', async () => {
    const p = await t.project({ price: '1', token_places: 2, min_quantity: '10', max_quantity: '50' });
    const user = await t.user('1000');
    expectRefusal(await t.subscribe(user, p.id, '9.99'), 400);
    expectOk(await t.subscribe(user, p.id, '10'));
    expectRefusal(await t.subscribe(user, p.id, '40.01'), 400);
    // 30 and 30 each fit under the 40 left; together they do not.
    const answers = await Promise.all([t.subscribe(user, p.id, '30', { 'idempotency-key': `ico-bound-a-${user.id}` }), t.subscribe(user, p.id, '30', { 'idempotency-key': `ico-bound-b-${user.id}` })]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([200, 400]);
    // A header key: the same body as the first subscription within 2000 ms would be its repeat.
    expectOk(await t.subscribe(user, p.id, '10', { 'idempotency-key': `ico-bound-c-${user.id}` }));
    expect((await t.mine(user, p.id))!.quantity).toBe('50');
    expect(await t.usdt(user)).toEqual({ available: '950', frozen: '50' });
    await t.expectAuditClean();
  });
});
