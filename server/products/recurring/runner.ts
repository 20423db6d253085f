import { FAILURES_TO_PAUSE, nextRunAfter, type RecurringFrequency } from '../../../domain/recurring.js';
import { NOTICE_PUSH } from '../../../domain/informHelp.js';
import { subDecimal, trimZeros, compareDecimal } from '../../../domain/decimal.js';
import type { SpotOrder } from '../../../domain/spotOrders.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { notify } from '../../kernel/platform/notifications/notify.js';
import { mailTradingNotices } from '../../kernel/platform/auth/securityNotices.js';
import type { Offers } from '../../kernel/platform/offers.js';
import type { UserFeed } from '../../kernel/platform/realtime/userFeed.js';

/** The order key of a plan's run due at `due`: one market order per run, however often it is tried. */
export const runOrderKey = (planId: number, due: number) => `recurring-${planId}-${due}`;

/** How long a pending run may wait for the process that claimed it before a sweep finishes it instead. */
export const PENDING_GRACE_MS = 60_000;
/**
 * A pending run older than this is given up (failed, `recurringInterrupted`) rather than placed:
 * the order keys are kept a day (kernel/platform/idempotency.ts), and a buy that late is no longer
 * the one the user planned.
 */
export const PENDING_GIVE_UP_MS = 6 * 3_600_000;
/** At most this many due plans a sweep runs, so one sweep stays short; the rest wait a second. */
const SWEEP_BATCH = 50;

/** Refusals of spot's that say nothing was decided (a market process not answering): the run stays pending and is tried again. */
const TRY_AGAIN = new Set(['spotMarketUnavailable', 'spotMarketNoAnswer']);

interface DuePlan {
  id: string;
  user_id: string;
  left_symbol: string;
  right_symbol: string;
  amount: string;
  frequency: RecurringFrequency;
  anchor_ms: string;
  next_run_ms: string;
}

interface PendingRun {
  id: string;
  plan_id: string;
  due_ms: string;
  at_ms: string;
  user_id: string;
  left_symbol: string;
  right_symbol: string;
  amount: string;
}

/** A plan as a run reads it: who, what, how often, and the due time its claim is guarded by. */
const DUE_PLAN = `select id, user_id, left_symbol, right_symbol, amount, frequency, anchor_ms, next_run_ms from recurring_plan`;

type RunResult = { status: 'bought'; order: SpotOrder } | { status: 'failed'; orderId: number | null; key: string; vars?: Record<string, string> };

/** The first due time after `now` on the plan's schedule: a plan behind by several periods buys once, not once per period missed. */
export function nextDueAfter(frequency: RecurringFrequency, due: number, anchor: number, now: number): number {
  let next = nextRunAfter(frequency, due, anchor);
  while (next <= now) next = nextRunAfter(frequency, next, anchor);
  return next;
}

/**
 * The runs of recurring plans: each due plan is claimed (its next time moved on and a pending run
 * written, in one transaction guarded by the due time it was read with), its market buy placed
 * through spot's own placing (the `spotTrading` offer) under the run's own key, and the outcome
 * written with the plan's totals. Three failures in a row pause the plan and tell its owner.
 */
export function recurringRunner(db: Database, offers: Offers | undefined, feed: UserFeed, clock: () => number) {
  /** Places (or, under the same key, finds) the run's market buy. */
  async function buy(run: Pick<PendingRun, 'plan_id' | 'due_ms' | 'user_id' | 'left_symbol' | 'right_symbol' | 'amount'>): Promise<RunResult | undefined> {
    const spot = offers?.use('spotTrading');
    if (!spot) return undefined;
    const placed = await spot.place(
      Number(run.user_id),
      { symbol: `${run.left_symbol}_${run.right_symbol}`, side: 'buy', type: 'market', amount: trimZeros(run.amount) },
      runOrderKey(Number(run.plan_id), Number(run.due_ms)),
      { keyedOnly: true },
    );
    if (!placed.ok) return TRY_AGAIN.has(placed.key) ? undefined : { status: 'failed', orderId: null, key: placed.key, ...(placed.vars && { vars: placed.vars }) };
    // A market buy that found no sell to take ends unfilled: nothing bought, the budget back.
    if (compareDecimal(placed.data.filled, '0') <= 0) return { status: 'failed', orderId: placed.data.id, key: 'recurringNoFill', vars: { symbol: placed.data.symbol.replace('_', '/') } };
    return { status: 'bought', order: placed.data };
  }

  /** Writes a run's outcome and the plan's totals once (`status = 'pending'` guards it); pauses the plan at FAILURES_TO_PAUSE. */
  async function finish(runId: number, result: RunResult): Promise<void> {
    const paused = await db.transaction(async (tx) => {
      const figures =
        result.status === 'bought'
          ? { orderId: result.order.id, spent: result.order.turnover, bought: subDecimal(result.order.filled, result.order.fee), fee: result.order.fee }
          : { orderId: result.orderId, spent: '0', bought: '0', fee: '0' };
      const [run] = await tx.query<{ plan_id: string }>(
        `update recurring_run set status = $2, order_id = $3, spent = $4, bought = $5, fee = $6, reason_key = $7, reason_vars = $8::jsonb, at_ms = $9
          where id = $1 and status = 'pending' returning plan_id`,
        [runId, result.status, figures.orderId, figures.spent, figures.bought, figures.fee, result.status === 'failed' ? result.key : null, result.status === 'failed' ? JSON.stringify(result.vars ?? {}) : null, clock()],
      );
      if (!run) return undefined;
      // `was`: the plan's status before this run, so only the run that pauses an active plan tells its owner.
      const [plan] = await tx.query<{ user_id: string; status: string; was: string; symbol: string; amount: string; quote: string }>(
        `update recurring_plan p set runs = p.runs + 1, spent = p.spent + $2, bought = p.bought + $3,
           failures_in_a_row = case when $4 then p.failures_in_a_row + 1 else 0 end,
           status = case when $4 and p.failures_in_a_row + 1 >= $5 and p.status = 'active' then 'paused' else p.status end
          from (select id, status from recurring_plan where id = $1 for update) o
          where p.id = o.id
          returning p.user_id::text, p.status, o.status as was, p.left_symbol || '/' || p.right_symbol as symbol, trim_scale(p.amount)::text as amount, p.right_symbol as quote`,
        [run.plan_id, figures.spent, figures.bought, result.status === 'failed', FAILURES_TO_PAUSE],
      );
      if (!plan || plan.was !== 'active' || plan.status !== 'paused') return undefined;
      const notice = { userId: Number(plan.user_id), kind: 'recurring_paused', params: { symbol: plan.symbol, amount: plan.amount, currency: plan.quote, failures: String(FAILURES_TO_PAUSE) } } as const;
      await notify(tx, notice.userId, notice);
      return notice;
    });
    if (!paused) return;
    feed.message?.(paused.userId, NOTICE_PUSH);
    // Not awaited: the sweep does not wait for the mail (securityNotices.ts; the user's switch decides).
    void mailTradingNotices(db, [paused]);
  }

  /** Runs one plan that was due at `due` (as read), unless another process or request claimed that time first. Answers whether it ran. */
  async function runPlan(plan: DuePlan): Promise<boolean> {
    const due = Number(plan.next_run_ms);
    const now = clock();
    const next = nextDueAfter(plan.frequency, due, Number(plan.anchor_ms), now);
    const runId = await db.transaction(async (tx) => {
      const [moved] = await tx.query(`update recurring_plan set next_run_ms = $3 where id = $1 and status = 'active' and next_run_ms = $2 returning 1 as one`, [plan.id, due, next]);
      if (!moved) return undefined;
      const [run] = await tx.query<{ id: string }>(
        `insert into recurring_run (plan_id, due_ms, at_ms, status) values ($1, $2, $3, 'pending') on conflict (plan_id, due_ms) do nothing returning id`,
        [plan.id, due, now],
      );
      return run ? Number(run.id) : undefined;
    });
    if (runId === undefined) return false;
    const result = await buy({ plan_id: plan.id, due_ms: String(due), user_id: plan.user_id, left_symbol: plan.left_symbol, right_symbol: plan.right_symbol, amount: plan.amount });
    // Undecided (no spot here, a market process not answering): pending, for a later sweep to finish under the same key.
    if (result) await finish(runId, result);
    return true;
  }

  /** Finishes the runs a lost process (or an unanswered market) left pending: the same key answers the order it may have placed. */
  async function finishPending(): Promise<void> {
    const now = clock();
    const pending = await db.query<PendingRun>(
      `select r.id, r.plan_id, r.due_ms, r.at_ms, p.user_id, p.left_symbol, p.right_symbol, p.amount
         from recurring_run r join recurring_plan p on p.id = r.plan_id
        where r.status = 'pending' and r.at_ms < $1 order by r.at_ms limit $2`,
      [now - PENDING_GRACE_MS, SWEEP_BATCH],
    );
    for (const run of pending) {
      const result = now - Number(run.at_ms) > PENDING_GIVE_UP_MS ? ({ status: 'failed', orderId: null, key: 'recurringInterrupted' } as const) : await buy(run);
      if (result) await finish(Number(run.id), result);
    }
  }

  return {
    runPlan,
    /** One sweep: the due plans, oldest due first, then the runs left pending. Answers how many plans ran. */
    async sweep(): Promise<number> {
      const due = await db.query<DuePlan>(
        `${DUE_PLAN}
          where status = 'active' and next_run_ms <= $1 order by next_run_ms limit $2`,
        [clock(), SWEEP_BATCH],
      );
      let ran = 0;
      for (const plan of due) if (await runPlan(plan)) ran += 1;
      await finishPending();
      return ran;
    },
    /** Runs the plan `planId` now if it is due (a new plan's first buy). */
    async runIfDue(planId: number): Promise<void> {
      const [plan] = await db.query<DuePlan>(
        `${DUE_PLAN} where id = $1 and status = 'active' and next_run_ms <= $2`,
        [planId, clock()],
      );
      if (plan) await runPlan(plan);
    },
  };
}

export type RecurringRunner = ReturnType<typeof recurringRunner>;
