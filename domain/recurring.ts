/**
 * Recurring buys (server/products/recurring, src/features/recurring): a signed-in user buys a spot
 * currency for a fixed amount of the pair's quote currency on a schedule — "50 USDT of BTC every
 * week" — the way a saver averages into a market. Each buy is a market order with that amount,
 * placed through spot's own pipeline (so the same checks, fees and ledger as any order); the
 * first buy is at once, then one per period. A buy refused (the balance, the pair halted, its
 * minimum) is a failed run with its reason; three failed runs in a row pause the plan and tell the
 * user with a notice.
 */
export const RECURRING_PATHS = {
  /** POST { symbol, amount, frequency } with an Idempotency-Key: a new plan; it buys at once, then every period. Answers the RecurringPlan. */
  create: '/api/recurring/create',
  /** POST {}: the user's plans (RecurringPlan[]), active and paused first, then the cancelled ones of the last 30 days. */
  list: '/api/recurring/list',
  /** POST { plan_id }: no buys until resumed. */
  pause: '/api/recurring/pause',
  /** POST { plan_id }: buys again from the next period's time (at once when that time has passed). */
  resume: '/api/recurring/resume',
  /** POST { plan_id }: ends the plan; its runs stay listed. */
  cancel: '/api/recurring/cancel',
  /** POST { plan_id, page }: the plan's finished runs, newest first (Page<RecurringRun> of domain/wallet.ts). Pause, resume and cancel answer the RecurringPlan. */
  runs: '/api/recurring/runs',
} as const;

export const RECURRING_FREQUENCIES = ['hourly', 'daily', 'weekly', 'monthly'] as const;
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];

/** At most this many plans a user keeps active or paused at once. */
export const MAX_LIVE_PLANS = 10;
/** A plan pauses itself after this many failed runs in a row. */
export const FAILURES_TO_PAUSE = 3;
/** How many runs a page of a plan's runs holds. */
export const RUNS_PAGE_SIZE = 20;

export type RecurringStatus = 'active' | 'paused' | 'cancelled';

export interface RecurringPlanInput {
  /** The spot pair, "BTC_USDT": the plan buys its base currency with its quote currency. */
  symbol: string;
  /** How much quote currency each buy spends: a positive decimal, at most the pair's price places. */
  amount: string;
  frequency: RecurringFrequency;
}

export interface RecurringRun {
  id: number;
  plan_id: number;
  /** When it ran (epoch ms). */
  at: number;
  status: 'bought' | 'failed';
  /** The spot market order it placed (null when refused before an order existed). */
  order_id: number | null;
  /** Quote spent, base received after the fee, and the fee (in the base currency); "0" when failed. */
  spent: string;
  bought: string;
  fee: string;
  /** Why it failed, in the reader's language; null when it bought. */
  reason: string | null;
}

export interface RecurringPlan {
  id: number;
  symbol: string;
  amount: string;
  frequency: RecurringFrequency;
  status: RecurringStatus;
  /** When the next buy is due (epoch ms); null unless active. */
  next_run_at: number | null;
  created_at: number;
  /** Runs so far, and how many of the last ones failed in a row (paused at FAILURES_TO_PAUSE). */
  runs: number;
  failures_in_a_row: number;
  /** Totals over every run that bought: quote spent, base received, and spent ÷ received (null before the first buy). */
  spent: string;
  bought: string;
  average_price: string | null;
  last_run: RecurringRun | null;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * When a plan that was due at `due` is due next. Hours, days and weeks are fixed lengths; a month
 * is the same day of the next calendar month (UTC), or its last day when it has fewer days, so a
 * plan started on the 31st buys on the 30th of April and on the 31st of May again (counted from
 * its start, `anchor`, never from a shortened month).
 */
export function nextRunAfter(frequency: RecurringFrequency, due: number, anchor: number = due): number {
  if (frequency === 'hourly') return due + HOUR_MS;
  if (frequency === 'daily') return due + DAY_MS;
  if (frequency === 'weekly') return due + 7 * DAY_MS;
  const start = new Date(anchor);
  const last = new Date(due);
  // Months since the anchor of the run that was due, plus one.
  const months = (last.getUTCFullYear() - start.getUTCFullYear()) * 12 + (last.getUTCMonth() - start.getUTCMonth()) + 1;
  const year = start.getUTCFullYear() + Math.floor((start.getUTCMonth() + months) / 12);
  const month = (start.getUTCMonth() + months) % 12;
  const daysInMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(start.getUTCDate(), daysInMonth), start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds(), start.getUTCMilliseconds());
}
