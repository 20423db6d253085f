import type { MarketTick } from '../../../domain/api';
import { HALT_REASON_MAX } from '../../../domain/market';

/**
 * The halt a trade page shows (issue 52 §1): the live spot tick's, which the market publishes
 * every second with the pair's `halted_reason` while an operator has it halted and without it
 * once resumed; before the page's first tick, the pair list's (read at app start). A tick's
 * reason is socket input: anything but a non-empty string counts as none, and it is cut to the
 * length a halt may have.
 */
export function shownHalt(listed: string | null | undefined, tick: Pick<MarketTick, 'halted_reason'> | undefined): string | null {
  if (!tick) return listed ? listed : null;
  const live: unknown = tick.halted_reason;
  return typeof live === 'string' && live.length > 0 ? live.slice(0, HALT_REASON_MAX) : null;
}
