import { dailyDuty } from '../../kernel/platform/dailyDuty.js';
import { defineProduct, type ProductLog, type ProductParts } from '../../kernel/platform/product.js';
import { feesService, type FeesDeps } from './fees.js';
import { feesRoutes } from './routes.js';

/** The first ask after the start whether today's (UTC) 30-day volumes are computed yet (then every DAILY_DUTY_CHECK_MS). */
export const FIRST_CHECK_MS = 30_000;

export type FeesOptions = FeesDeps & { log?: ProductLog };

/** The product's parts over explicit dependencies (the product below and the tests). */
export function createFees(options: FeesOptions) {
  const service = feesService(options);
  const parts: ProductParts = {
    routes: feesRoutes(service, options.db),
    // The daily volumes: the step locks fee_state and looks for today's day in its transaction.
    ...dailyDuty({ runToday: () => service.runDaily(), firstCheckMs: FIRST_CHECK_MS, failure: 'fees: daily 30-day volumes failed', log: options.log }),
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
