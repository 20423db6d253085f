import type { LocaleCode } from '../../../domain/languages.js';
import { MAX_LIVE_PLANS, RUNS_PAGE_SIZE, type RecurringPlan, type RecurringPlanInput, type RecurringRun } from '../../../domain/recurring.js';
import { isPositiveDecimalInput } from '../../../domain/decimalRule.js';
import { trimZeros } from '../../../domain/decimal.js';
import type { Page } from '../../../domain/wallet.js';
import { listPairs } from '../../kernel/platform/catalogue.js';
import type { Database, Queryable } from '../../kernel/platform/db/database.js';
import { MESSAGES, translate, type MessageKey } from '../../kernel/platform/i18n/messages.js';
import { once, type SubmissionKey } from '../../kernel/platform/idempotency.js';
import type { Offers } from '../../kernel/platform/offers.js';
import { refuse, type Outcome } from '../../kernel/platform/outcome.js';
import type { RecurringRunner } from './runner.js';

/** Idempotency scope of a plan's creation (kernel/platform/idempotency.ts). */
export const CREATE_SCOPE = 'recurring_create';
/** Cancelled plans stay listed this long after they ended. */
const CANCELLED_SHOWN_MS = 30 * 86_400_000;
/** At most this many digits before the point of an amount, as the form takes. */
const AMOUNT_INTEGER_DIGITS = 15;

const RUN_COLUMNS = `r.id, r.plan_id, r.at_ms, r.status, r.order_id, trim_scale(r.spent)::text as spent, trim_scale(r.bought)::text as bought,
  trim_scale(r.fee)::text as fee, r.reason_key, r.reason_vars`;

interface RunRow {
  id: string;
  plan_id: string;
  at_ms: string;
  status: 'bought' | 'failed';
  order_id: string | null;
  spent: string;
  bought: string;
  fee: string;
  reason_key: string | null;
  reason_vars: Record<string, string> | null;
}

interface PlanRow {
  id: string;
  symbol: string;
  amount: string;
  frequency: RecurringPlan['frequency'];
  status: RecurringPlan['status'];
  next_run_ms: string;
  created_ms: string;
  runs: number;
  failures_in_a_row: number;
  spent: string;
  bought: string;
  average_price: string | null;
  last_run: RunRow | null;
}

/** A failed run's reason in the reader's language; a key no product loaded here knows reads as the plain failure. */
function reasonText(lang: LocaleCode, key: string | null, vars: Record<string, string> | null): string | null {
  if (key === null) return null;
  const known = key in MESSAGES.en_US ? (key as MessageKey) : 'recurringRunFailed';
  return translate(lang, known, vars ?? {});
}

const toRun = (r: RunRow, lang: LocaleCode): RecurringRun => ({
  id: Number(r.id),
  plan_id: Number(r.plan_id),
  at: Number(r.at_ms),
  status: r.status,
  order_id: r.order_id === null ? null : Number(r.order_id),
  spent: r.spent,
  bought: r.bought,
  fee: r.fee,
  reason: r.status === 'failed' ? reasonText(lang, r.reason_key, r.reason_vars) : null,
});

const toPlan = (r: PlanRow, lang: LocaleCode): RecurringPlan => ({
  id: Number(r.id),
  symbol: r.symbol,
  amount: r.amount,
  frequency: r.frequency,
  status: r.status,
  next_run_at: r.status === 'active' ? Number(r.next_run_ms) : null,
  created_at: Number(r.created_ms),
  runs: r.runs,
  failures_in_a_row: r.failures_in_a_row,
  spent: r.spent,
  bought: r.bought,
  average_price: r.average_price,
  last_run: r.last_run ? toRun({ ...r.last_run, plan_id: r.id }, lang) : null,
});

/** A plan as the wire shows it: its totals, average price at the pair's price places, and its newest finished run. */
const PLAN_SELECT = `select p.id, p.left_symbol || '_' || p.right_symbol as symbol, trim_scale(p.amount)::text as amount, p.frequency, p.status,
    p.next_run_ms, p.created_ms, p.runs, p.failures_in_a_row, trim_scale(p.spent)::text as spent, trim_scale(p.bought)::text as bought,
    case when p.bought > 0 then trim_scale(round(p.spent / p.bought, coalesce(c.price_precision, 8)))::text end as average_price,
    (select to_jsonb(x) from (select ${RUN_COLUMNS} from recurring_run r where r.plan_id = p.id and r.status <> 'pending' order by r.id desc limit 1) x) as last_run
  from recurring_plan p left join pair c on c.left_symbol = p.left_symbol and c.right_symbol = p.right_symbol`;

/** The recurring plans' use cases (docs/API.md "Recurring buys"); the runs themselves are runner.ts's. */
export function recurringPlans(db: Database, offers: Offers | undefined, runner: RecurringRunner, clock: () => number) {
  async function planOf(q: Queryable, userId: number, planId: number, lang: LocaleCode): Promise<RecurringPlan | undefined> {
    const [row] = await q.query<PlanRow>(`${PLAN_SELECT} where p.id = $1 and p.user_id = $2`, [planId, userId]);
    return row && toPlan(row, lang);
  }

  /** Moves one of the user's plans from one of `from` by `set`; refused when it is not theirs or not in such a state. `more`: `set`'s own values, from $4. */
  async function move(userId: number, planId: number, from: string[], set: string, lang: LocaleCode, more: unknown[] = []): Promise<Outcome<RecurringPlan>> {
    const [row] = await db.query(`update recurring_plan set ${set} where id = $1 and user_id = $2 and status = any($3::text[]) returning 1 as one`, [planId, userId, from, ...more]);
    if (!row) return (await planOf(db, userId, planId, lang)) ? refuse('recurringStateChanged') : refuse('recurringPlanUnknown');
    return { ok: true, data: (await planOf(db, userId, planId, lang))! };
  }

  return {
    /**
     * A new active plan on a spot pair that trades, due at once: its first buy runs before the
     * answer. Refused for an amount not positive at the pair's price places, an order spot would
     * refuse by its own rules (its minimum), or an 11th live plan. A repeat of the request's key
     * answers the same plan.
     */
    async create(userId: number, input: RecurringPlanInput, key: SubmissionKey, lang: LocaleCode): Promise<Outcome<RecurringPlan>> {
      const symbol = input.symbol.toUpperCase();
      const [left = '', right = ''] = symbol.split('_');
      const pair = (await listPairs(db)).find((p) => p.left_symbol === left && p.right_symbol === right && p.trade_status === 1);
      const spot = offers?.use('spotTrading');
      if (!pair || !spot) return refuse('recurringPairUnknown', { symbol: symbol.replace('_', '/') });
      if (!isPositiveDecimalInput(input.amount, { places: pair.price_precision, integerDigits: AMOUNT_INTEGER_DIGITS }))
        return refuse('recurringAmountInvalid', { currency: right, places: String(pair.price_precision) });
      const amount = trimZeros(input.amount);
      const checked = await spot.check(userId, { symbol, side: 'buy', type: 'market', amount });
      if (!checked.ok) return refuse(checked.key, checked.vars);
      const created = await once<{ plan_id: number } | { refused: 'recurringTooMany' }>(db, userId, CREATE_SCOPE, key, async (tx) => {
        // The user's row, locked: two creates at once count each other's plan.
        await tx.query('select 1 from app_user where id = $1 for update', [userId]);
        const [live] = await tx.query<{ n: number }>(`select count(*)::int as n from recurring_plan where user_id = $1 and status in ('active', 'paused')`, [userId]);
        if (live!.n >= MAX_LIVE_PLANS) return { refused: 'recurringTooMany' };
        const now = clock();
        const [row] = await tx.query<{ id: string }>(
          `insert into recurring_plan (user_id, left_symbol, right_symbol, amount, frequency, status, anchor_ms, next_run_ms, created_ms)
           values ($1, $2, $3, $4, $5, 'active', $6, $6, $6) returning id`,
          [userId, left, right, amount, input.frequency, now],
        );
        return { plan_id: Number(row!.id) };
      });
      if ('refused' in created) return refuse(created.refused, { max: String(MAX_LIVE_PLANS) });
      await runner.runIfDue(created.plan_id);
      return { ok: true, data: (await planOf(db, userId, created.plan_id, lang))! };
    },

    /** The user's active and paused plans, newest first, then those cancelled in the last 30 days. */
    async list(userId: number, lang: LocaleCode): Promise<RecurringPlan[]> {
      const rows = await db.query<PlanRow>(
        `${PLAN_SELECT} where p.user_id = $1 and (p.status <> 'cancelled' or p.ended_ms > $2) order by p.status = 'cancelled', p.id desc`,
        [userId, clock() - CANCELLED_SHOWN_MS],
      );
      return rows.map((r) => toPlan(r, lang));
    },

    pause: (userId: number, planId: number, lang: LocaleCode) => move(userId, planId, ['active'], `status = 'paused'`, lang),
    /** From its next due time, kept while paused (at once when it has passed); its failures start again from none. */
    resume: (userId: number, planId: number, lang: LocaleCode) => move(userId, planId, ['paused'], `status = 'active', failures_in_a_row = 0`, lang),
    cancel: (userId: number, planId: number, lang: LocaleCode) => move(userId, planId, ['active', 'paused'], `status = 'cancelled', ended_ms = $4`, lang, [clock()]),

    /** A page of the plan's finished runs, newest first. */
    async runs(userId: number, planId: number, page: number, lang: LocaleCode): Promise<Outcome<Page<RecurringRun>>> {
      const [plan] = await db.query(`select 1 as one from recurring_plan where id = $1 and user_id = $2`, [planId, userId]);
      if (!plan) return refuse('recurringPlanUnknown');
      const [rows, [count]] = await Promise.all([
        db.query<RunRow>(`select ${RUN_COLUMNS} from recurring_run r where r.plan_id = $1 and r.status <> 'pending' order by r.id desc limit $2 offset $3`, [
          planId,
          RUNS_PAGE_SIZE,
          (page - 1) * RUNS_PAGE_SIZE,
        ]),
        db.query<{ n: number }>(`select count(*)::int as n from recurring_run where plan_id = $1 and status <> 'pending'`, [planId]),
      ]);
      return { ok: true, data: { list: rows.map((r) => toRun(r, lang)), total: count!.n, page, size: RUNS_PAGE_SIZE } };
    },
  };
}

export type RecurringPlans = ReturnType<typeof recurringPlans>;
