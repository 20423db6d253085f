import type { Database } from '../../kernel/platform/db/database.js';
import { Loops } from '../../kernel/platform/loops.js';
import type { Offers } from '../../kernel/platform/offers.js';
import { defineProduct, type ProductParts } from '../../kernel/platform/product.js';
import type { UserFeed } from '../../kernel/platform/realtime/userFeed.js';
import { recurringPlans } from './plans.js';
import { recurringRoutes } from './routes.js';
import { recurringRunner } from './runner.js';

/** How often the due plans are looked for: a run is at most this late. */
export const RECURRING_SWEEP_MS = 1000;

/** The product's parts over explicit dependencies (the product below and the tests). */
export function createRecurring({
  db,
  offers,
  feed,
  clock = Date.now,
  log = () => undefined,
}: {
  db: Database;
  offers: Offers | undefined;
  feed: UserFeed;
  clock?: () => number;
  log?: (message: string, error: unknown) => void;
}) {
  const runner = recurringRunner(db, offers, feed, clock);
  const plans = recurringPlans(db, offers, runner, clock);
  const loops = new Loops(log, { unref: true });
  const parts: ProductParts = {
    routes: recurringRoutes(plans),
    // A duty: one process of a cluster looks for due plans (a run is claimed by its row besides, so two never buy twice).
    async duties() {
      loops.every(RECURRING_SWEEP_MS, runner.sweep, 'recurring buys: the sweep failed');
    },
    stop: () => loops.stop(),
  };
  return { parts, plans, runner };
}

/**
 * Recurring buys (domain/recurring.ts; docs/API.md "Recurring buys"): a user's plan to buy a spot
 * pair's base currency for a fixed quote amount each hour, day, week or month. Each buy is a market
 * order placed through spot's own placing (the `spotTrading` offer): this product keeps plans and
 * runs, never balances or books of its own.
 */
export const recurring = defineProduct({
  id: 'recurring',
  create: ({ db, offers, userFeed, log }) => createRecurring({ db, offers, feed: userFeed, log: (message, error) => log.error(message, error) }).parts,
});
