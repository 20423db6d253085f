import { Loops } from '../../kernel/platform/loops.js';
import { defineProduct, type ProductLog, type ProductParts } from '../../kernel/platform/product.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { feesService, type FeesDeps } from './fees.js';
import { feesRoutes } from './routes.js';

/** How often the server asks whether today's (UTC) 30-day volumes are computed yet, and the first ask after its start. */
export const DAILY_CHECK_MS = 10 * 60_000;
export const FIRST_CHECK_MS = 30_000;

export interface FeesOptions extends Omit<FeesDeps, 'db'> {
  db: Database;
  log?: ProductLog;
}

/** The product's parts over explicit dependencies (the product below and the tests). */
export function createFees(options: FeesOptions) {
  const service = feesService(options);
  const loops = new Loops(options.log ?? (() => undefined), { unref: true });
  const parts: ProductParts = {
    routes: feesRoutes(service, options.db),
    // The daily volumes: a duty, run by the one process holding the duties lease, and the step locks
    // fee_state and looks for today's day in its transaction, so a process taking over computes none again.
    async duties() {
      loops.every(DAILY_CHECK_MS, () => service.runDaily(), 'fees: daily 30-day volumes failed', FIRST_CHECK_MS);
    },
    stop: () => loops.stop(),
  };
  return { parts, service };
}

/**
 * Fee schedules, VIP tiers and overrides (issue 52 §2; docs/OPERATOR.md "Fees"): the rates every
 * trade pays are read by the kernel's rate cache (kernel/platform/fees/feeRates.ts) wherever markets run;
 * this product owns the tables' edits, the daily volumes and the users' fees page (src/features/fees).
 */
export const fees = defineProduct({
  id: 'fees',
  create: ({ db, log }) => createFees({ db, log: (message, error) => log.error(message, error) }).parts,
});
