import { describe, expect, it } from 'vitest';
import { addDecimal, compareDecimal, divDecimal, mulDecimal, subDecimal } from '../../../domain/decimal.js';
import { allocate } from '../../../server/products/ico/allocation.js';
import { submissionKey } from '../../../server/kernel/platform/idempotency.js';
import { HOUR, useIco } from './harness.js';

const t = useIco();

/** A small deterministic PRNG (mulberry32), so a failure can be replayed. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const unit = (places: number) => (places === 0 ? '1' : `0.${'0'.repeat(places - 1)}1`);

describe('allocation (pure): 300 random projects', () => {
  it('Σ allocated ≤ for sale, each rounded down to the places, allocation × price + refund = paid', () => {
    const random = rng(16);
    for (let round = 0; round < 300; round++) {
      const places = Math.floor(random() * 5);
      const price = String((Math.floor(random() * 99_999) + 1) / 10_000);
      const total = String(Math.floor(random() * 1_000_000) + 1);
      const subs = Array.from({ length: Math.floor(random() * 60) + 1 }, (_, i) => {
        const quantity = divDecimal(String(Math.floor(random() * 10 ** (places + 5)) + 1), String(10 ** places), places);
        return { userId: i + 1, quantity, paid: mulDecimal(quantity, price) };
      });
      const r = allocate(total, price, places, subs);
      const subscribed = subs.reduce((s, x) => addDecimal(s, x.quantity), '0');
      expect(compareDecimal(r.sold, total)).toBeLessThanOrEqual(0);
      expect(addDecimal(r.sold, r.unsold)).toBe(total);
      for (const a of r.list) {
        expect(addDecimal(mulDecimal(a.allocated, price), a.refund)).toBe(a.paid);
        expect(compareDecimal(a.allocated, a.quantity)).toBeLessThanOrEqual(0);
        if (compareDecimal(subscribed, total) <= 0) expect(a.allocated).toBe(a.quantity);
        else {
          // Rounded down: allocated ≤ q × T ÷ S < allocated + one unit.
          const exact = divDecimal(mulDecimal(a.quantity, total), subscribed, 30);
          expect(compareDecimal(a.allocated, exact)).toBeLessThanOrEqual(0);
          expect(compareDecimal(exact, addDecimal(a.allocated, unit(places)))).toBe(-1);
        }
      }
      // Oversubscribed, the unsold remainder is less than one unit per subscriber; otherwise it is what nobody asked for.
      if (compareDecimal(subscribed, total) > 0) expect(compareDecimal(r.unsold, mulDecimal(unit(places), String(subs.length)))).toBe(-1);
      else expect(r.unsold).toBe(subDecimal(total, subscribed));
    }
  });
});

describe('allocation through the ledger: thousands of random subscriptions', () => {
  it('an oversubscribed project settles exactly: sums, refunds, balances, audit', { timeout: 240_000 }, async () => {
    const random = rng(2026);
    const price = '0.0137';
    const p = await t.project({ total: '250000', price, token_places: 3, min_quantity: '0.5', max_quantity: '100000' }, 3);
    const users = [] as Array<{ id: number; headers: Record<string, string> }>;
    for (let i = 0; i < 250; i++) users.push(await t.user('100000'));
    const paid = new Map<number, string>();
    let accepted = 0;
    for (let i = 0; i < 2500; i++) {
      const user = users[Math.floor(random() * users.length)]!;
      const quantity = divDecimal(String(Math.floor(random() * 2_000_000) + 500), '1000', 3);
      const result = await t.service.subscribe(user.id, { project_id: p.id, quantity }, submissionKey('ico.subscribe', `prop-${i}-key-${process.pid}`, null));
      if (result.ok) {
        accepted += 1;
        paid.set(user.id, addDecimal(paid.get(user.id) ?? '0', mulDecimal(quantity, price)));
      }
    }
    expect(accepted).toBeGreaterThan(2000);
    const project = await t.projectById(p.id);
    expect(compareDecimal(project.subscribed, project.total)).toBe(1);
    t.advance(3 * HOUR);
    expect((await t.settle()).projects).toEqual([p.id]);
    expect((await t.settle()).projects).toEqual([]);
    const rows = await t.db.query<{ user_id: number; quantity: string; paid: string; allocated: string; refund: string }>(
      `select user_id, trim_scale(quantity)::text as quantity, trim_scale(paid)::text as paid, trim_scale(allocated)::text as allocated, trim_scale(refund)::text as refund
       from ico_subscription where project_id = $1`,
      [p.id],
    );
    let sold = '0';
    let refunds = '0';
    for (const r of rows) {
      expect(r.paid).toBe(paid.get(Number(r.user_id)));
      expect(addDecimal(mulDecimal(r.allocated, price), r.refund)).toBe(r.paid);
      expect(r.allocated.split('.')[1]?.length ?? 0).toBeLessThanOrEqual(3);
      sold = addDecimal(sold, r.allocated);
      refunds = addDecimal(refunds, r.refund);
      const user = { id: Number(r.user_id) };
      expect(await t.usdt(user)).toEqual({ available: addDecimal(subDecimal('100000', r.paid), r.refund), frozen: '0' });
      expect(await t.token(user, p.symbol)).toEqual({ available: '0', frozen: r.allocated });
    }
    expect(compareDecimal(sold, '250000')).toBeLessThanOrEqual(0);
    expect(compareDecimal(subDecimal('250000', sold), mulDecimal('0.001', String(rows.length)))).toBe(-1);
    const account = await t.projectAccount(p.symbol);
    expect(account.usdt.available).toBe(mulDecimal(sold, price));
    expect(account.token.available).toBe(subDecimal('250000', sold));
    await t.expectAuditClean();
  });
});
