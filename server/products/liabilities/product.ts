import { Loops } from '../../kernel/platform/loops.js';
import { defineProduct, type ProductLog, type ProductParts } from '../../kernel/platform/product.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { liabilitiesService, type LiabilitiesDeps } from './liabilities.js';
import { liabilitiesRoutes } from './routes.js';

/** How often the server asks whether today's (UTC) daily snapshot is built yet, and the first ask after its start. */
export const DAILY_CHECK_MS = 10 * 60_000;
export const FIRST_CHECK_MS = 60_000;

export interface LiabilitiesOptions extends Omit<LiabilitiesDeps, 'db'> {
  db: Database;
  log?: ProductLog;
}

/** The product's parts over explicit dependencies (the product below and the tests). */
export function createLiabilities(options: LiabilitiesOptions) {
  const service = liabilitiesService(options);
  const loops = new Loops(options.log ?? (() => undefined), { unref: true });
  const parts: ProductParts = {
    routes: liabilitiesRoutes(service),
    // The daily build: a duty, run by the one process that holds the duties lease (never on a front
    // or a market process), and the build itself takes a database lock and looks for today's
    // snapshot in its transaction, so a process taking over the same day builds none again.
    async duties() {
      loops.every(DAILY_CHECK_MS, () => service.runDaily(), 'proof of liabilities: daily build failed', FIRST_CHECK_MS);
    },
    stop: () => loops.stop(),
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
