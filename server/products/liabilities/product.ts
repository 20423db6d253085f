import { dailyDuty, DAILY_DUTY_CHECK_MS } from '../../kernel/platform/dailyDuty.js';
import { defineProduct, type ProductLog, type ProductParts } from '../../kernel/platform/product.js';
import { liabilitiesService, type LiabilitiesDeps } from './liabilities.js';
import { liabilitiesRoutes } from './routes.js';

/** How often the server asks whether today's (UTC) daily snapshot is built yet, and the first ask after its start. */
export const DAILY_CHECK_MS = DAILY_DUTY_CHECK_MS;
export const FIRST_CHECK_MS = 60_000;

export type LiabilitiesOptions = LiabilitiesDeps & { log?: ProductLog };

/** The product's parts over explicit dependencies (the product below and the tests). */
export function createLiabilities(options: LiabilitiesOptions) {
  const service = liabilitiesService(options);
  const parts: ProductParts = {
    routes: liabilitiesRoutes(service),
    // The daily build: it takes a database lock and looks for today's snapshot in its transaction.
    ...dailyDuty({ runToday: () => service.runDaily(), firstCheckMs: FIRST_CHECK_MS, failure: 'proof of liabilities: daily build failed', log: options.log }),
  };
  return { parts, service };
}

/**
 * Proof of liabilities (issue 52 §4; docs/LIABILITIES.md): a Merkle sum tree of every user's
 * balances built daily and on demand by finance, its root and totals public, each user's leaf and
 * path theirs to verify (src/features/liabilities).
 */
export const liabilities = defineProduct({
  id: 'liabilities',
  create: ({ db, log }) => createLiabilities({ db, log: (message, error) => log.error(message, error) }).parts,
});
