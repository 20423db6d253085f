import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpotOrder } from '../../../domain/spotOrders.js';
import { createOffers } from '../../../server/kernel/platform/offers.js';
import type { SpotTrading } from '../../../server/products/spot/trading.js';
import { recurringRunner } from '../../../server/products/recurring/runner.js';
import type { RunningServer } from '../../../server/start.js';
import { startQuietServer } from '../quietServer.js';
import { createTestUser } from '../support/users.js';

/**
 * Two processes sweeping at once (a duties holder that lost its lease unawares and its successor,
 * docs/ARCHITECTURE.md "Scale-out: duties"): each due time of a plan is claimed by one of them, so
 * one order is placed and one run counted. Spot is a stand-in here that counts what it is asked.
 */
let server: RunningServer;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ server, stop } = await startQuietServer('recurring-two'));
}, 240_000);
afterAll(async () => stop?.());

describe('two sweepers at once', () => {
  it('buy each due time of a plan once', async () => {
    const placed: string[] = [];
    const offers = createOffers();
    offers.offer('spotTrading', {
      async place(_userId, body, key) {
        placed.push(String(key));
        // Slow enough that both sweepers are in flight together.
        await new Promise((r) => setTimeout(r, 50));
        const order = { id: placed.length, symbol: body.symbol, filled: '0.001', turnover: String(body.amount), fee: '0.000001' } as SpotOrder;
        return { ok: true, data: order };
      },
    } as Pick<SpotTrading, 'place'> as SpotTrading);
    const feed = server.userFeed;
    const saver = await createTestUser(server.db, { tag: 'recurring-two' });
    // Due in an hour by the clock, two hours on for the sweepers here: the server's own duty (real time) leaves them alone.
    const due = Date.now() + 3_600_000;
    const later = () => Date.now() + 7_200_000;
    const plans = await server.db.query<{ id: string }>(
      `insert into recurring_plan (user_id, left_symbol, right_symbol, amount, frequency, status, anchor_ms, next_run_ms, created_ms)
       select $1, 'ETH', 'USDT', 30, 'daily', 'active', $2::bigint, $2::bigint, $2::bigint from generate_series(1, 5) returning id`,
      [saver.id, due],
    );
    const ids = plans.map((p) => p.id);
    const one = recurringRunner(server.db, offers, feed, later);
    const two = recurringRunner(server.db, offers, feed, later);
    await Promise.all([one.sweep(), two.sweep(), one.sweep()]);
    const mine = placed.filter((key) => ids.some((id) => key.startsWith(`recurring-${id}-`)));
    expect(mine).toHaveLength(5);
    expect(new Set(mine).size).toBe(5);
    const rows = await server.db.query<{ runs: number; spent: string; next_run_ms: string }>(
      `select runs, trim_scale(spent)::text as spent, next_run_ms from recurring_plan where id = any($1::bigint[])`,
      [ids],
    );
    expect(rows.map((r) => [r.runs, r.spent])).toEqual(Array.from({ length: 5 }, () => [1, '30']));
    for (const row of rows) expect(Number(row.next_run_ms)).toBe(due + 86_400_000);
  });
});
