import type { RecurringPlan, RecurringRun } from '../../../../../domain/recurring';
import type { Page } from '../../../../../domain/wallet';

const CREATED_MS = Date.UTC(2026, 10, 30, 9, 15);
const HOUR_MS = 3_600_000;

/** A bought run of the active plan: 50 USDT for 0.00077 BTC after a 0.00000077 BTC fee. */
export const BOUGHT_RUN: RecurringRun = { id: 31, plan_id: 5, at: CREATED_MS + 7 * 24 * HOUR_MS, status: 'bought', order_id: 901, spent: '50', bought: '0.00077', fee: '0.00000077', reason: null };

/** A failed run of the paused plan: the balance was short. */
export const FAILED_RUN: RecurringRun = { id: 40, plan_id: 6, at: CREATED_MS + 3 * 24 * HOUR_MS, status: 'failed', order_id: null, spent: '0', bought: '0', fee: '0', reason: 'Not enough USDT available' };

/** An active plan: 50 USDT of BTC a week, two buys so far. */
export const ACTIVE_PLAN: RecurringPlan = {
  id: 5,
  symbol: 'BTC_USDT',
  amount: '50',
  frequency: 'weekly',
  status: 'active',
  next_run_at: CREATED_MS + 14 * 24 * HOUR_MS,
  created_at: CREATED_MS,
  runs: 2,
  failures_in_a_row: 0,
  spent: '100',
  bought: '0.00154',
  average_price: '64935.06',
  last_run: BOUGHT_RUN,
};

/** A paused plan: 20 USDT of ETH a day, paused by three failed buys in a row after one that bought. */
export const PAUSED_PLAN: RecurringPlan = {
  id: 6,
  symbol: 'ETH_USDT',
  amount: '20',
  frequency: 'daily',
  status: 'paused',
  next_run_at: null,
  created_at: CREATED_MS - 24 * HOUR_MS,
  runs: 4,
  failures_in_a_row: 3,
  spent: '20',
  bought: '0.0062',
  average_price: '3225.80',
  last_run: FAILED_RUN,
};

/** The plans the model and view tests read: one active, one paused. */
export const PLANS_FIXTURE: RecurringPlan[] = [ACTIVE_PLAN, PAUSED_PLAN];

/** What create answers in the fixtures: 25 USDT of BTC an hour, its first buy not yet made. */
export const NEW_PLAN: RecurringPlan = { ...ACTIVE_PLAN, id: 7, amount: '25', frequency: 'hourly', runs: 0, spent: '0', bought: '0', average_price: null, last_run: null, created_at: CREATED_MS + 60_000 };

/** The active plan's newest page of runs. */
export const RUNS_FIXTURE: Page<RecurringRun> = { list: [BOUGHT_RUN, { ...BOUGHT_RUN, id: 30, at: CREATED_MS }], total: 2, page: 1, size: 20 };
