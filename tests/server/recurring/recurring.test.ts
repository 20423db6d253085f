import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAILURES_TO_PAUSE, MAX_LIVE_PLANS, RECURRING_PATHS, type RecurringPlan, type RecurringRun } from '../../../domain/recurring.js';
import { compareDecimal, subDecimal } from '../../../domain/decimal.js';
import { SPOT_PATHS, type SpotOrder } from '../../../domain/spotOrders.js';
import { createOffers } from '../../../server/kernel/platform/offers.js';
import type { SpotTrading } from '../../../server/products/spot/trading.js';
import { recurringRunner } from '../../../server/products/recurring/runner.js';
import type { Page } from '../../../domain/wallet.js';
import type { RunningServer } from '../../../server/start.js';
import { until } from '../http.js';
import { startQuietServer } from '../quietServer.js';
import { createTestUser } from '../support/users.js';
import { outboxMessages } from '../outbox.js';

/**
 * Recurring buys over the whole server (no market makers: the book is this file's maker's asks).
 * The sweep is the server's own duty (each second); a plan is made due by moving its next time
 * into the past, as time passing would.
 */
let server: RunningServer;
let stop: () => Promise<void>;
// The data directory is this file's own, to read the outbox in it (the paused plan's email).
const dataDir = mkdtempSync(join(tmpdir(), 'openex-recurring-'));
beforeAll(async () => {
  ({ server, stop } = await startQuietServer('recurring', { dataDir }));
}, 240_000);
afterAll(async () => {
  await stop?.();
  rmSync(dataDir, { recursive: true, force: true });
});
const outbox = () => outboxMessages<{ subject: string; params?: { kind?: string } }>(dataDir);

type Who = { id: number; token: string };
async function post<T>(who: Who, path: string, body: object, options: { lang?: string; key?: string } = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: who.token, lang: options.lang ?? 'en_US', ...(options.key && { 'idempotency-key': options.key }) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: number; msg: string; data: T };
}
const user = (funded: Record<string, string>) => createTestUser(server.db, { tag: 'recurring', email: true, verified: true, funded });
let keys = 0;
const freshKey = () => `recurring-test-${process.pid}-${++keys}`;
async function create(who: Who, body: object, key = freshKey()) {
  return post<RecurringPlan>(who, RECURRING_PATHS.create, body, { key });
}
async function usdt(userId: number) {
  const [row] = await server.db.query<{ available: string }>(`select trim_scale(available)::text as available from balance where user_id = $1 and currency = 'USDT' and account = 'spot'`, [userId]);
  return row?.available ?? '0';
}
const planOf = async (who: Who, id: number) => (await post<RecurringPlan[]>(who, RECURRING_PATHS.list, {})).data.find((p) => p.id === id)!;
/** Makes the plan due now and waits for the sweep to have run it (its run count grown). */
async function runAgain(who: Who, plan: RecurringPlan): Promise<RecurringPlan> {
  const before = (await planOf(who, plan.id)).runs;
  await server.db.query('update recurring_plan set next_run_ms = $2 where id = $1', [plan.id, Date.now() - 1000]);
  let now: RecurringPlan | undefined;
  await until(async () => (now = await planOf(who, plan.id)).runs > before, 10_000);
  return now!;
}

describe('Recurring buys', () => {
  beforeAll(async () => {
    const maker = await user({ BTC: '10', USDT: '1000' });
    for (const [price, quantity] of [['30000', '0.5'], ['30100', '1']]) {
      const placed = await post<SpotOrder>(maker, SPOT_PATHS.place, { symbol: 'BTC_USDT', side: 'sell', type: 'limit', price, quantity });
      expect(placed.code, placed.msg).toBe(200);
    }
  });

  it('buys at once for the amount, then once a period; a repeat of the key is the same plan', async () => {
    const saver = await user({ USDT: '1000' });
    const key = freshKey();
    const made = await create(saver, { symbol: 'btc_usdt', amount: '150.00', frequency: 'daily' }, key);
    expect(made.code, made.msg).toBe(200);
    expect(made.msg).toBe('Plan started');
    const plan = made.data;
    // 150 USDT at 30,000 buys 0.005 BTC; the taker fee (0.001) is paid in BTC.
    expect(plan).toMatchObject({ symbol: 'BTC_USDT', amount: '150', frequency: 'daily', status: 'active', runs: 1, failures_in_a_row: 0, spent: '150', bought: '0.004995' });
    expect(plan.average_price).toBe('30030.03');
    expect(plan.last_run).toMatchObject({ status: 'bought', spent: '150', bought: '0.004995', fee: '0.000005', reason: null });
    expect(plan.next_run_at).toBe(plan.created_at + 86_400_000);
    expect(await usdt(saver.id)).toBe('850');

    const again = await create(saver, { symbol: 'btc_usdt', amount: '150.00', frequency: 'daily' }, key);
    expect(again.data).toMatchObject({ id: plan.id, runs: 1 });
    expect(await usdt(saver.id)).toBe('850');

    const second = await runAgain(saver, plan);
    expect(second).toMatchObject({ runs: 2, spent: '300', bought: '0.00999' });
    // The next time is the first on its schedule after now: one buy however many periods were missed.
    expect(second.next_run_at!).toBeGreaterThan(Date.now());
    expect(await usdt(saver.id)).toBe('700');
    const runs = await post<Page<RecurringRun>>(saver, RECURRING_PATHS.runs, { plan_id: plan.id });
    expect(runs.data.total).toBe(2);
    expect(runs.data.list.map((r) => r.status)).toEqual(['bought', 'bought']);
    expect(runs.data.list[0]!.order_id).not.toBe(runs.data.list[1]!.order_id);
  });

  it('pauses itself after three failed buys in a row, tells its owner, and says why in the reader’s language', async () => {
    const saver = await user({ USDT: '60' });
    const plan = (await create(saver, { symbol: 'BTC_USDT', amount: '50', frequency: 'hourly' })).data;
    expect(plan.last_run?.status).toBe('bought');
    let now = plan;
    for (let failed = 1; failed <= FAILURES_TO_PAUSE; failed += 1) {
      now = await runAgain(saver, now);
      expect(now.failures_in_a_row).toBe(failed);
    }
    expect(now.status).toBe('paused');
    expect(now.next_run_at).toBeNull();
    expect(now.last_run).toMatchObject({ status: 'failed', spent: '0', bought: '0' });
    const german = await post<Page<RecurringRun>>(saver, RECURRING_PATHS.runs, { plan_id: plan.id }, { lang: 'de_DE' });
    expect(german.data.list[0]!.reason).toMatch(/Guthaben/);
    const notices = await server.db.query<{ kind: string; params: Record<string, string> }>(`select kind, params from notification where user_id = $1`, [saver.id]);
    expect(notices).toEqual([{ kind: 'recurring_paused', params: { symbol: 'BTC/USDT', amount: '50', currency: 'USDT', failures: String(FAILURES_TO_PAUSE) } }]);
    // Emailed too (a trading notice: the user's switch is on by default).
    await until(async () => outbox().some((m) => m.params?.kind === 'recurring_paused' && m.subject.includes('Recurring buy paused: BTC/USDT')), 5000);
    // A paused plan is not run, however due.
    await server.db.query('update recurring_plan set next_run_ms = $2 where id = $1', [plan.id, Date.now() - 1000]);
    await new Promise((r) => setTimeout(r, 2500));
    expect((await planOf(saver, plan.id)).runs).toBe(1 + FAILURES_TO_PAUSE);
    // Resumed: its failures start again; it runs at once since its time has passed.
    const resumed = await post<RecurringPlan>(saver, RECURRING_PATHS.resume, { plan_id: plan.id });
    expect(resumed).toMatchObject({ code: 200, msg: 'Plan resumed', data: { status: 'active', failures_in_a_row: 0 } });
    await until(async () => (await planOf(saver, plan.id)).runs === 2 + FAILURES_TO_PAUSE, 10_000);
  });

  it('refuses, in words, what it cannot carry out, and changes nothing', async () => {
    const saver = await user({ USDT: '100' });
    const refused = async (body: object, msg: RegExp, lang = 'en_US') => {
      const answer = await post(saver, RECURRING_PATHS.create, body, { lang, key: freshKey() });
      expect(answer.code).not.toBe(200);
      expect(answer.msg).toMatch(msg);
    };
    await refused({ symbol: 'NOPE_USDT', amount: '10', frequency: 'daily' }, /NOPE\/USDT is not a spot pair/);
    await refused({ symbol: 'BTC_USDT', amount: '10.123', frequency: 'daily' }, /at most 2 decimals/);
    await refused({ symbol: 'BTC_USDT', amount: '0', frequency: 'daily' }, /Betrag in USDT über null/, 'de_DE');
    await refused({ symbol: 'BTC_USDT', amount: '10', frequency: 'yearly' }, /frequency/);
    await refused({ symbol: 'BTC_USDT', amount: '0.5', frequency: 'daily' }, /.+/);
    expect(await post<RecurringPlan[]>(saver, RECURRING_PATHS.list, {})).toMatchObject({ code: 200, data: [] });
    expect(await usdt(saver.id)).toBe('100');
  });

  it('pauses, resumes and cancels only the owner’s plan in a state that allows it; a cancelled plan never runs', async () => {
    const saver = await user({ USDT: '100' });
    const stranger = await user({});
    const plan = (await create(saver, { symbol: 'BTC_USDT', amount: '10', frequency: 'weekly' })).data;
    expect((await post(stranger, RECURRING_PATHS.pause, { plan_id: plan.id })).msg).toBe('This plan is not yours or does not exist');
    expect((await post(stranger, RECURRING_PATHS.runs, { plan_id: plan.id })).msg).toBe('This plan is not yours or does not exist');
    expect((await post(saver, RECURRING_PATHS.resume, { plan_id: plan.id })).msg).toMatch(/changed meanwhile/);
    expect((await post<RecurringPlan>(saver, RECURRING_PATHS.pause, { plan_id: plan.id })).data.status).toBe('paused');
    const cancelled = await post<RecurringPlan>(saver, RECURRING_PATHS.cancel, { plan_id: plan.id });
    expect(cancelled).toMatchObject({ msg: 'Plan cancelled', data: { status: 'cancelled', next_run_at: null } });
    await server.db.query('update recurring_plan set next_run_ms = $2 where id = $1', [plan.id, Date.now() - 1000]);
    await new Promise((r) => setTimeout(r, 2500));
    const listed = await post<RecurringPlan[]>(saver, RECURRING_PATHS.list, {});
    expect(listed.data).toEqual([expect.objectContaining({ id: plan.id, status: 'cancelled', runs: 1 })]);
  });

  it(`keeps at most ${MAX_LIVE_PLANS} live plans a user`, async () => {
    const saver = await user({});
    await server.db.query(
      `insert into recurring_plan (user_id, left_symbol, right_symbol, amount, frequency, status, anchor_ms, next_run_ms, created_ms)
       select $1, 'BTC', 'USDT', 10, 'monthly', 'paused', $2::bigint, $2::bigint + 86400000, $2::bigint from generate_series(1, $3)`,
      [saver.id, Date.now(), MAX_LIVE_PLANS],
    );
    const answer = await create(saver, { symbol: 'BTC_USDT', amount: '10', frequency: 'daily' });
    expect(answer.msg).toBe(`You can keep at most ${MAX_LIVE_PLANS} recurring plans: cancel one first`);
  });

  it('finishes a run a lost process left pending, under its own key: one order, counted once', async () => {
    const saver = await user({ USDT: '100' });
    const plan = (await create(saver, { symbol: 'BTC_USDT', amount: '20', frequency: 'monthly' })).data;
    // As a process that claimed a run and died before placing its order leaves it.
    const due = Date.now() - 120_000;
    await server.db.query(`insert into recurring_run (plan_id, due_ms, at_ms, status) values ($1, $2, $2, 'pending')`, [plan.id, due]);
    await until(async () => (await planOf(saver, plan.id)).runs === 2, 10_000);
    const after = await planOf(saver, plan.id);
    // Each buy spends what its whole quantity costs (at most the amount) and no more.
    expect(after.status).toBe('active');
    expect(compareDecimal(after.spent, plan.spent)).toBe(1);
    expect(compareDecimal(after.spent, '40')).toBeLessThanOrEqual(0);
    expect(await usdt(saver.id)).toBe(subDecimal('100', after.spent));
    const runs = await post<Page<RecurringRun>>(saver, RECURRING_PATHS.runs, { plan_id: plan.id });
    expect(new Set(runs.data.list.map((r) => r.order_id)).size).toBe(2);
  });

  // Spot is a stand-in here that counts what it is asked; the plans are due only by these sweepers' clock, so the server's own duty leaves them alone.
  it('two sweepers at once (a lapsed duties holder and its successor) buy each due time of a plan once', async () => {
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
    const saver = await user({});
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
