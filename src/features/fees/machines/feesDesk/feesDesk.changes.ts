import { compareDecimal } from '../../../../../domain/decimal';
import type { FeeScheduleEdit, FeeTier, FeesDesk } from '../../../../../domain/fees';
import type { FeesDeskPending } from './feesDesk.machine';

/** One value a confirmed edit changes: what it is now (undefined: none yet) and what it becomes (undefined: removed). */
export interface FeeChange {
  /** The catalogue key naming the value (`fees.form.maker`…) and its parameters (a tier). */
  labelKey: string;
  params?: Record<string, string | number>;
  kind: 'rate' | 'volume';
  before: string | undefined;
  after: string | undefined;
}

const same = (a: string | undefined, b: string | undefined) => (a === undefined || b === undefined ? a === b : compareDecimal(a, b) === 0);

/** A schedule row's edit: its maker and taker rates as the desk holds them now, and as the edit leaves them. */
export function scheduleChanges(desk: FeesDesk, edit: FeeScheduleEdit): FeeChange[] {
  const now = desk.schedule.find((r) => r.product === edit.product && r.market === edit.market && r.tier === edit.tier);
  return (['maker', 'taker'] as const).map((side) => ({
    labelKey: side === 'maker' ? 'fees.form.maker' : 'fees.form.taker',
    kind: 'rate' as const,
    before: now?.[side],
    after: edit.remove ? undefined : edit[side],
  }));
}

/** A tier table's replacement: each tier whose minimum volume it adds, changes or removes (a tier it keeps as it is is not said). */
export function tierChanges(before: FeeTier[], after: FeeTier[]): FeeChange[] {
  const tiers = [...new Set([...before, ...after].map((t) => t.tier))].sort((a, b) => a - b);
  return tiers
    .map((tier) => ({
      labelKey: 'fees.form.tierFrom',
      params: { tier },
      kind: 'volume' as const,
      before: before.find((t) => t.tier === tier)?.min_volume_usdt,
      after: after.find((t) => t.tier === tier)?.min_volume_usdt,
    }))
    .filter((c) => !same(c.before, c.after));
}

/** What the held edit changes, from the desk as last read. */
export function pendingChanges(desk: FeesDesk, pending: FeesDeskPending): FeeChange[] {
  return pending.kind === 'tiers' ? tierChanges(desk.tiers, pending.tiers) : scheduleChanges(desk, pending.edit);
}
