import type { SpotOrder } from '../../../domain/spotOrders.js';
import type { PairSpec } from '../../kernel/exchange/pairSpec.js';
import { RejectReason, type EngineEvent, type OrderBookEngine } from '../../kernel/exchange/matching/types.js';
import { sameBody } from '../../kernel/platform/idempotency.js';
import type { UserFeed } from '../../kernel/platform/realtime/userFeed.js';
import type { PlaceIntent } from './pipeline/intake.js';
import type { Recorded } from './pipeline/record.js';

/**
 * The matching stage of a spot batch and its answers (spotMarket.ts runs the stages): what the
 * sequencer carries, how a recorded batch goes through the engine, and how the answers take the
 * orders as the batch's statements wrote them.
 */

export type PlaceOutcome =
  /**
   * `order`: the new order as its batch left it, as the batch's own statements wrote it (after
   * its record, and its settlement if it traded or ended). `repeated`: the key was already used;
   * `orderId` is the first submission's order, `events` empty, and no `order`.
   */
  | { ok: true; orderId: number; events: EngineEvent[]; repeated?: boolean; order?: SpotOrder }
  | { ok: false; reason: 'invalidPrice' | 'invalidQuantity' | 'invalidBudget' | 'insufficientFunds' | 'keyReused' }
  /** A limit price outside the price band (domain/priceBand.ts): `band` its edges, in ticks. */
  | { ok: false; reason: 'outsideBand'; band: { low: number; high: number } };

/** `order`: the cancelled order as the settlement wrote it. `restricted`: its cancel restriction did not hold (nothing changed). */
export type CancelOutcome = { ok: true; order?: SpotOrder } | { ok: false; reason: 'unknownOrder' | 'restricted' };

/**
 * A cancel only of an order still untouched (`new`: nothing of it filled) or only of one partly
 * filled (`partial`), judged in the batch that would cancel it, so no fill can come between the check
 * and the cancel (the Binance dialect's cancelRestrictions). `quantity`: the order's own, in units.
 */
export interface CancelRestriction {
  only: 'new' | 'partial';
  quantity: number;
}

export type Command = { kind: 'place'; intent: PlaceIntent } | { kind: 'cancel'; userId: number; orderId: number; restriction?: CancelRestriction };
export type Result = PlaceOutcome | CancelOutcome | Error;

/**
 * The matching stage: each command of a recorded batch through the engine, in order, filling
 * `results` (numbered among all commands), `events` and `placed`. `recorded`: the record stage's
 * answers, numbered among the places. Throws if the engine does (memory is then ahead of the
 * database: the caller fails the batch and marks the market stale).
 */
export function matchBatch(
  engine: OrderBookEngine,
  batch: readonly Command[],
  recorded: readonly Recorded[],
  results: Result[],
  events: EngineEvent[],
  placed: Array<{ userId: number; orderId: number }>,
): void {
  const recordedAt = new Map<Command, Recorded>();
  // The record stage numbers places among places; results are numbered among all commands.
  const batchIndexOfPlace: number[] = [];
  batch.forEach((c, i) => {
    if (c.kind !== 'place') return;
    recordedAt.set(c, recorded[batchIndexOfPlace.length]!);
    batchIndexOfPlace.push(i);
  });
  batch.forEach((c, i) => {
    const out: EngineEvent[] = [];
    if (c.kind === 'cancel') {
      if (c.restriction && !restrictionHolds(engine, c.userId, c.orderId, c.restriction)) {
        results[i] = { ok: false, reason: 'restricted' };
        return;
      }
      engine.execute({ kind: 'cancel', orderId: c.orderId, accountId: c.userId }, out);
      if (out.some((e) => e.type === 'rejected')) {
        results[i] = { ok: false, reason: 'unknownOrder' };
        out.length = 0;
      } else results[i] = { ok: true };
      events.push(...out);
      return;
    }
    const r = recordedAt.get(c)!;
    if (r.kind === 'insufficientFunds' || r.kind === 'keyReused') results[i] = { ok: false, reason: r.kind };
    else if (r.kind === 'outsideBand') results[i] = { ok: false, reason: r.kind, band: { low: r.low, high: r.high } };
    else if (r.kind === 'repeated') results[i] = { ok: true, orderId: r.orderId, events: [], repeated: true };
    else if (r.kind === 'recorded') {
      // A balance-bound buy matches with the bound its record froze.
      engine.execute({ ...c.intent.command, orderId: r.orderId, ...(r.budget !== undefined ? { quoteBudget: r.budget } : {}) }, out);
      events.push(...out);
      placed.push({ userId: c.intent.userId, orderId: r.orderId });
      // Refused because the balance cannot pay for it: recorded, and ended by the settlement (its
      // freeze given back), but to its placer a refusal for want of funds, as Binance answers it.
      const unaffordable = out.length === 1 && out[0]!.type === 'rejected' && out[0]!.reason === RejectReason.insufficientBudget;
      results[i] = unaffordable ? { ok: false, reason: 'insufficientFunds' } : { ok: true, orderId: r.orderId, events: out };
    }
  });
  // A key used twice in one batch: the second gets the first's order, as a repeat (refused when its body is another).
  batch.forEach((c, i) => {
    const r = recordedAt.get(c);
    if (r?.kind !== 'sameBatchAs' || c.kind !== 'place') return;
    const carrier = batch[batchIndexOfPlace[r.index]!]!;
    const first = results[batchIndexOfPlace[r.index]!];
    const other = carrier.kind === 'place' && !sameBody(carrier.intent.submission!.key, c.intent.submission!.key);
    if (first && 'orderId' in first) results[i] = other ? { ok: false, reason: 'keyReused' } : { ok: true, orderId: first.orderId, events: [], repeated: true };
    else results[i] = first!;
  });
}

/**
 * The submission keys of the batch's places that were recorded and then refused (the engine's
 * refusal of a balance-bound buy its balance cannot pay for: matchBatch). `recorded` is numbered
 * among the places, as matchBatch's.
 */
export function refusedKeys(batch: readonly Command[], recorded: readonly Recorded[], results: readonly Result[]): Array<{ userId: number; key: string }> {
  let place = -1;
  return batch.flatMap((c, i) => {
    if (c.kind !== 'place') return [];
    place += 1;
    const result = results[i];
    const refused = recorded[place]?.kind === 'recorded' && c.intent.submission && result && !(result instanceof Error) && !result.ok;
    return refused ? [{ userId: c.intent.userId, key: c.intent.submission!.key.key }] : [];
  });
}

/**
 * Whether a restricted cancel may go on: the order resting, the user's, and filled as the restriction
 * asks (what rests of it is all of it, or less). One not resting goes on to the engine's own refusal.
 */
function restrictionHolds(engine: OrderBookEngine, userId: number, orderId: number, restriction: CancelRestriction): boolean {
  const resting = engine.resting(orderId);
  if (!resting || resting.accountId !== userId) return true;
  const untouched = resting.remaining >= restriction.quantity;
  return restriction.only === 'new' ? untouched : !untouched;
}

/**
 * After the settlement: every answer of `batch` carries its order as the batch's last statement
 * wrote it (the settlement's `views`, else the record's). Rewrites `results` and answers it.
 */
export function withViews(
  batch: readonly Command[],
  results: Result[],
  views: ReadonlyMap<number, SpotOrder>,
  recordedViews: ReadonlyMap<number, SpotOrder>,
): Result[] {
  const viewOf = (orderId: number) => views.get(orderId) ?? recordedViews.get(orderId);
  batch.forEach((c, i) => {
    const result = results[i];
    if (!result || result instanceof Error || !result.ok) return;
    if (c.kind === 'cancel') results[i] = { ok: true, ...optional(viewOf(c.orderId)) };
    else if ('orderId' in result && !result.repeated) results[i] = { ...result, ...optional(viewOf(result.orderId)) };
  });
  return results;
}

/**
 * After a commit: each touched user's orders, as the batch's statements wrote them (the
 * settlement's view, else the record's), and the pair's two spot balances (never the fee account's).
 */
export function notifyUsers(
  userFeed: UserFeed,
  spec: PairSpec,
  byUser: Map<number, Set<number>>,
  views: ReadonlyMap<number, SpotOrder>,
  recordedViews: ReadonlyMap<number, SpotOrder> = new Map(),
): void {
  const rows = [
    { currency: spec.left, account: 'spot' as const },
    { currency: spec.right, account: 'spot' as const },
  ];
  for (const [userId, orderIds] of byUser) {
    const orders = [...orderIds].flatMap((id) => views.get(id) ?? recordedViews.get(id) ?? []);
    userFeed.ordersCommitted(userId, orders);
    userFeed.balancesChanged(userId, rows);
  }
}

/** `{ order }` when there is one (the outcome types keep `order` optional, never undefined). */
const optional = (order: SpotOrder | undefined): { order?: SpotOrder } => (order ? { order } : {});

export function unlessError<T>(result: T | Error): T {
  if (result instanceof Error) throw result;
  return result;
}
