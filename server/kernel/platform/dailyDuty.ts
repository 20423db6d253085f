import { Loops } from './loops.js';
import type { ProductLog, ProductParts } from './product.js';

/** How often a daily duty asks whether today's (UTC) run is done yet. */
export const DAILY_DUTY_CHECK_MS = 10 * 60_000;

export interface DailyDuty {
  /** Does today's run unless it is done; it looks for today's run in its own transaction, under a lock. */
  runToday: () => Promise<unknown>;
  /** The first ask after the duties start. */
  firstCheckMs: number;
  /** The log line of a run that failed (the next ask tries again). */
  failure: string;
  log?: ProductLog;
}

/**
 * A product's once-a-day work (fees' 30-day volumes, liabilities' snapshot) as its `duties` and
 * `stop` parts: run by the one process holding the duties lease, never on a front or a market
 * process. As `runToday` itself looks for today's run under a lock, a process taking over the same
 * day runs none again.
 */
export function dailyDuty(duty: DailyDuty): Required<Pick<ProductParts, 'duties' | 'stop'>> {
  const loops = new Loops(duty.log ?? (() => undefined), { unref: true });
  return {
    async duties() {
      loops.every(DAILY_DUTY_CHECK_MS, duty.runToday, duty.failure, duty.firstCheckMs);
    },
    stop: () => loops.stop(),
  };
}
