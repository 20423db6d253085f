import { FX_SCALE, fx, fxText } from '../../../../domain/fx.js';
import { COMMIT_LATER } from '../../../kernel/platform/db/commitLater.js';
import { PLAN_ONCE, type Database } from '../../../kernel/platform/db/database.js';
import type { SequenceIds } from '../../../kernel/platform/db/sequenceIds.js';
import { StatementParams } from '../../../kernel/platform/db/statementParams.js';
import { claim, claimAnswers, claimsAnswered, claimWrites, forgetBatch, rememberedWrites } from '../../../kernel/platform/idempotency.js';
import { balanceKey, balanceLocks, balanceWrites, lockedStates } from '../../../kernel/platform/ledger/ledgerBatch.js';
import { balanceDeltas } from '../../../kernel/platform/ledger/balanceDeltas.js';
import type { BalanceChange } from '../../../kernel/platform/ledger/ledger.js';
import { quoteText, type PairSpec } from '../../../kernel/exchange/pairSpec.js';
import type { SpotOrder } from '../../../../domain/spotOrders.js';
import { orderViewJson } from '../orderViews.js';
import type { PlaceIntent } from './intake.js';

/** What the record stage made of each place intent of a batch, in order. */
export type Recorded =
  /**
   * Written, funds frozen: the engine may match it. `order`: the row as the statement wrote it.
   * `budget`: a balance-bound buy's bound as frozen here (tick×lot units), its command's budget.
   */
  | { kind: 'recorded'; orderId: number; order: SpotOrder; budget?: number }
  /** The key was used before: the first submission's order; nothing placed. */
  | { kind: 'repeated'; orderId: number }
  /** The same key earlier in this batch (`index`: that place among the batch's places): answered with its result. */
  | { kind: 'sameBatchAs'; index: number }
  /** The key was used before with another body: no repeat of it, refused; nothing placed. */
  | { kind: 'keyReused' }
  | { kind: 'insufficientFunds' }
  /** A limit price outside the batch's price band (domain/priceBand.ts), in ticks: refused, nothing written. */
  | { kind: 'outsideBand'; low: number; high: number };

/** The lowest and highest limit price (ticks) the batch takes; undefined: no band (the pair never traded). */
export type PriceBand = { low: number; high: number } | undefined;

/** A limit order whose price the band refuses (a market order names none). */
export const outsideBand = (band: NonNullable<PriceBand>, command: { type: 'limit' | 'market'; price: number }): boolean =>
  command.type === 'limit' && (command.price < band.low || command.price > band.high);

/**
 * The locked path's transaction commits without waiting for the disk, so the balance rows it locks
 * are free again at once (the one-statement writes do the same with COMMIT_LATER); the market
 * waits for `db.durable()` before anyone hears of the batch (spotMarket.ts), so an acknowledged
 * order is still on disk.
 */
const DURABLE_LATER = { durableLater: true } as const;

/**
 * The record stage (the first write of a batch): claims the batch's idempotency keys, reads the
 * placers' balances, decides in memory — in queue order — which orders the available funds cover,
 * and writes those orders and their freezes with multi-row statements: in one statement without a
 * lock held across round trips (`recordWithoutLocks`), or in the locked transaction when that
 * cannot answer the batch (`recordLocked`). After its commit
 * every recorded order is durable with its funds frozen; a crash from here on leaves open orders
 * that the restore replays. Nothing is written for a refused order, not even its key, so a retry
 * after a deposit is a fresh submission. A limit order outside `band` is refused here, after the
 * keys are read: a retry of an order recorded earlier answers that order whatever the band says now.
 */
export async function recordOrders(db: Database, spec: PairSpec, intents: readonly PlaceIntent[], now: number, orderSequence: SequenceIds, band?: PriceBand): Promise<Recorded[]> {
  if (intents.length === 0) return [];
  // Named before the transaction, so that no round trip for them falls between locking the
  // balances and committing (other batches wait on those locks). Refused orders leave gaps.
  const ids = await orderSequence.take(intents.length);
  return (await recordWithoutLocks(db, spec, intents, now, ids, band)) ?? recordLocked(db, spec, intents, now, ids, band);
}

/**
 * The locked record stage: one transaction that claims the keys and locks the placers' balances,
 * decides, then writes. Every batch can take it; the common one takes `recordWithoutLocks` first.
 */
function recordLocked(db: Database, spec: PairSpec, intents: readonly PlaceIntent[], now: number, ids: readonly number[], band: PriceBand): Promise<Recorded[]> {
  return db.transaction(async (tx) => {
    const results: Recorded[] = new Array(intents.length);
    const keyed = intents.flatMap((intent, index) => (intent.submission ? [{ index, intent }] : []));
    // One round trip claims the keys and locks the placers' balances (every placer's: which
    // claims repeat an earlier submission is known only from its answer, and repeats are rare).
    const params = new StatementParams();
    const writes = claimWrites(
      params,
      keyed.map(({ intent }) => ({ userId: intent.userId, scope: intent.submission!.scope, key: intent.submission!.key })),
      now,
    );
    const locks = balanceLocks(
      params,
      intents.map((intent) => ({ userId: intent.userId, currency: intent.freezeCurrency, account: 'spot' as const })),
    );
    const rows = await tx.query<{ part: 'key' | 'balance'; user_id: number; currency: string; account: string; available: string; frozen: string }>(
      `with ${[writes.cte, locks.cte].filter(Boolean).join(', ')}
       ${[
         writes.cte && `select 'key' as part, user_id, key as currency, null as account, null as available, null as frozen from claimed`,
         `select 'balance' as part, user_id, currency, account, available, frozen from locked`,
       ]
         .filter(Boolean)
         .join(' union all ')}`,
      params.values,
    );
    const claims = await claimAnswers<{ orderId: number }>(
      tx,
      writes,
      rows.filter((r) => r.part === 'key').map((r) => ({ user_id: r.user_id, key: r.currency })),
      now,
    );
    // A key an earlier batch holds, sent more than once in this one: each is judged against that
    // submission on its own (its order, or another body's refusal), not by the first of this batch.
    for (let i = 0; i < claims.length; i++) {
      const c = claims[i]!;
      if (!('sameBatchAs' in c) || claims[c.sameBatchAs]!.fresh) continue;
      const { intent } = keyed[i]!;
      claims[i] = await claim<{ orderId: number }>(tx, intent.userId, intent.submission!.scope, intent.submission!.key, now);
    }
    const states = await lockedStates(
      tx,
      locks,
      rows.filter((r) => r.part === 'balance'),
    );
    keyed.forEach(({ index }, i) => {
      const claim = claims[i]!;
      if ('sameBatchAs' in claim) results[index] = { kind: 'sameBatchAs', index: keyed[claim.sameBatchAs]!.index };
      else if (!claim.fresh) results[index] = claim.otherBody ? { kind: 'keyReused' } : { kind: 'repeated', orderId: Number(claim.response.orderId) };
    });

    const fresh = intents.flatMap((intent, index) => (results[index] ? [] : [{ index, intent }]));
    // The writes below apply the same changes to the locked states.
    const { accepted, refused } = coveredInQueueOrder(spec, fresh, new Map([...states].map(([k, state]) => [k, state.available])), results, band);
    const refusedKeys = refused.flatMap(({ intent }) => (intent.submission ? [intent] : []));
    await forgetBatch(tx, refusedKeys.map((i) => ({ userId: i.userId, key: i.submission!.key.key })));
    if (accepted.length === 0) return results;

    const orderIds = accepted.map(({ index }) => ids[index]!);
    const remembered: Array<{ userId: number; key: NonNullable<PlaceIntent['submission']>['key']; response: unknown }> = [];
    accepted.forEach(({ intent }, i) => {
      if (intent.submission) remembered.push({ userId: intent.userId, key: intent.submission.key, response: { orderId: orderIds[i]! } });
    });
    // One round trip: the orders, their freezes with ledger entries, and the keys' answers.
    const write = new StatementParams();
    const parts = [placedOrders(write, spec, accepted, orderIds, now), balanceWrites(write, states, freezesOf(accepted, orderIds)), rememberedWrites(write, remembered)].filter(Boolean);
    const [written] = await tx.query<{ orders: SpotOrder[] }>(`with ${parts.join(', ')} select ${placedViews(write, spec)} as orders`, write.values);
    markRecorded(results, accepted, orderIds, written!.orders);
    return results;
  }, DURABLE_LATER);
}

/**
 * The record stage of the common batch in two round trips and no transaction block: read the
 * placers' balances and whether any key was used before (no lock), decide in memory, then write
 * the orders, their freezes with ledger entries and the keys with their answers in ONE statement
 * that is its own transaction (COMMIT_LATER), locking the balance rows only while it runs. The
 * freezes are written relative to the rows (balanceDeltas), so if a balance moved between the read
 * and the write the check constraints still refuse to let it go negative: the statement then fails
 * whole, and the batch takes the locked path. So does a batch with a key seen before or twice (a
 * retry, a double click), whose answers the locked path knows how to give. Answers undefined for
 * those; nothing has been written then.
 */
async function recordWithoutLocks(db: Database, spec: PairSpec, intents: readonly PlaceIntent[], now: number, ids: readonly number[], band: PriceBand): Promise<Recorded[] | undefined> {
  const keyed = intents.flatMap((intent) => (intent.submission ? [{ userId: intent.userId, key: intent.submission.key.key, scope: intent.submission.scope }] : []));
  if (new Set(keyed.map((k) => `${k.userId}\u0000${k.key}`)).size < keyed.length) return undefined;
  const rows = await db.query<{ part: 'balance' | 'key'; user_id: number; currency: string; available: string | null }>(
    // Each balance by its key (lateral, so that no plan can join them by reading every spot row).
    `select 'balance' as part, b.user_id, b.currency, b.available::text as available
     from unnest($1::bigint[], $2::text[]) as t(u, c)
       cross join lateral (select b.user_id, b.currency, b.available from balance b where b.user_id = t.u and b.currency = t.c and b.account = 'spot' offset 0) b
     union all
     select 'key', k.user_id, k.key, null from idempotency_key k join unnest($3::bigint[], $4::text[]) as t(u, key) on k.user_id = t.u and k.key = t.key`,
    [intents.map((i) => i.userId), intents.map((i) => i.freezeCurrency), keyed.map((k) => k.userId), keyed.map((k) => k.key)],
    PLAN_ONCE,
  );
  if (rows.some((r) => r.part === 'key')) return undefined;
  const available = new Map(rows.map((r) => [balanceKey(Number(r.user_id), r.currency, 'spot'), fx(r.available!)]));

  const results: Recorded[] = new Array(intents.length);
  const { accepted } = coveredInQueueOrder(
    spec,
    intents.map((intent, index) => ({ index, intent })),
    available,
    results,
    band,
  );
  if (accepted.length === 0) return results;
  const orderIds = accepted.map(({ index }) => ids[index]!);

  const params = new StatementParams();
  // A key taken since the read (it cannot be by this pipeline, which records one batch at a time
  // per market) fails the statement whole, as a missing balance row does (see balanceDeltas).
  const keys = claimsAnswered(
    params,
    accepted.flatMap(({ intent }, i) => (intent.submission ? [{ userId: intent.userId, scope: intent.submission.scope, key: intent.submission.key, response: { orderId: orderIds[i]! } }] : [])),
    now,
  );
  const balances = balanceDeltas(params, { changes: freezesOf(accepted, orderIds) });
  const parts = [COMMIT_LATER, keys, placedOrders(params, spec, accepted, orderIds, now), balances.ctes].filter(Boolean);
  let written: { orders: SpotOrder[] } | undefined;
  try {
    [written] = await db.query<{ orders: SpotOrder[] }>(
      `with ${parts.join(', ')} select ${placedViews(params, spec)} as orders from commit_later where ${balances.check}`,
      params.values,
      PLAN_ONCE,
    );
  } catch {
    // Nothing of the statement was written: the locked path decides again and writes, or reports
    // what is really wrong (a database that is down fails there too).
    return undefined;
  }
  markRecorded(results, accepted, orderIds, written!.orders);
  return results;
}

/** The written orders' views, by the statement that wrote them, as one JSON array (see orderViewJson). */
function placedViews(params: StatementParams, spec: PairSpec): string {
  return `(select json_agg(${orderViewJson('p', params.add(spec.pricePrecision))}) from placed p)`;
}

/** Marks the accepted entries recorded, each with its order's view as written. */
function markRecorded(results: Recorded[], accepted: readonly Entry[], orderIds: readonly number[], views: readonly SpotOrder[]): void {
  const byId = new Map(views.map((v) => [Number(v.id), v]));
  accepted.forEach(({ index, intent }, i) => {
    const budget = intent.freezeAvailable ? { budget: intent.command.quoteBudget! } : {};
    results[index] = { kind: 'recorded', orderId: orderIds[i]!, order: byId.get(orderIds[i]!)!, ...budget };
  });
}

type Entry = { index: number; intent: PlaceIntent };

/**
 * Which of `entries` the funds cover, decided in queue order against running balances — as if each
 * order came alone after the ones before it, so a smaller order after a refused one can still go
 * through. `available`: by balanceKey, in 10^-18 units (not changed). The refused are marked
 * `insufficientFunds` in `results` (`outsideBand`: a limit price outside `band`, whatever the funds). A balance-bound buy (`freezeAvailable`) is accepted with what
 * is left of its placer's balance as its freeze and budget (its entry's intent replaced by one that
 * says so), and refused when nothing is left; the same placer's orders after it in the batch then
 * find that balance taken until it ends.
 */
function coveredInQueueOrder(spec: PairSpec, entries: readonly Entry[], available: ReadonlyMap<string, bigint>, results: Recorded[], band?: PriceBand): { accepted: Entry[]; refused: Entry[] } {
  const running = new Map(available);
  const accepted: Entry[] = [];
  const refused: Entry[] = [];
  for (const entry of entries) {
    if (band && outsideBand(band, entry.intent.command)) {
      results[entry.index] = { kind: 'outsideBand', low: band.low, high: band.high };
      refused.push(entry);
      continue;
    }
    const key = balanceKey(entry.intent.userId, entry.intent.freezeCurrency, 'spot');
    const left = running.get(key);
    const intent = entry.intent.freezeAvailable && left !== undefined ? withBalanceBound(spec, entry.intent, left) : entry.intent;
    const freeze = stillToFreeze(intent);
    if (left === undefined || left < freeze || (intent.freezeAvailable && freeze === 0n)) {
      results[entry.index] = { kind: 'insufficientFunds' };
      refused.push(entry);
      continue;
    }
    running.set(key, left - freeze);
    accepted.push(intent === entry.intent ? entry : { index: entry.index, intent });
  }
  return { accepted, refused };
}

/**
 * A balance-bound buy with `available` (10^-18 units) as its freeze and its command's budget: in
 * whole tick×lot units (a balance may hold finer dust, from fees), at most the engine's safe integer.
 */
function withBalanceBound(spec: PairSpec, intent: PlaceIntent, available: bigint): PlaceIntent {
  const unit = 10n ** BigInt(FX_SCALE - spec.pricePrecision - spec.amountPrecision);
  const whole = available / unit;
  const budget = Number(whole < BigInt(Number.MAX_SAFE_INTEGER) ? whole : BigInt(Number.MAX_SAFE_INTEGER));
  return { ...intent, freeze: quoteText(spec, budget), command: { ...intent.command, quoteBudget: budget } };
}

/** The freezes of the accepted orders, as balance changes with their ledger entries' kind and reference. */
function freezesOf(accepted: ReadonlyArray<{ intent: PlaceIntent }>, orderIds: readonly number[]): BalanceChange[] {
  return accepted.map(({ intent }, i) => {
    const freeze = intent.preFrozen === undefined ? intent.freeze : fxText(stillToFreeze(intent));
    return {
      userId: intent.userId,
      currency: intent.freezeCurrency,
      account: 'spot',
      available: `-${freeze}`,
      frozen: freeze,
      kind: 'order_freeze',
      refType: 'spot_order',
      refId: orderIds[i]!,
    } satisfies BalanceChange;
  });
}

/** What an order still takes from `available`: its freeze less what a triggered stop hands over. */
function stillToFreeze(intent: PlaceIntent): bigint {
  const freeze = fx(intent.freeze);
  if (intent.preFrozen === undefined) return freeze;
  const rest = freeze - fx(intent.preFrozen);
  return rest > 0n ? rest : 0n;
}

/** The accepted orders' rows, as a common table expression (`placed as (…)`). */
function placedOrders(params: StatementParams, spec: PairSpec, accepted: ReadonlyArray<{ intent: PlaceIntent }>, orderIds: readonly number[], now: number): string {
  const $ = (value: unknown, type: string) => `${params.add(value)}::${type}`;
  const column = <T>(pick: (intent: PlaceIntent) => T) => accepted.map(({ intent }) => pick(intent));
  return `placed as (
       insert into spot_order (id, user_id, left_symbol, right_symbol, side, type, tif, price, quantity, quote_budget, frozen, created_ms, updated_ms, fee_currency)
       select t.id, t.user_id, ${$(spec.left, 'text')}, ${$(spec.right, 'text')}, t.side, t.type, t.tif, t.price, t.quantity, t.quote_budget, t.frozen, ${$(now, 'bigint')}, ${$(now, 'bigint')}, t.fee_currency
       from unnest(${$(orderIds, 'bigint[]')}, ${$(column((i) => i.userId), 'bigint[]')}, ${$(column((i) => i.command.side), 'text[]')}, ${$(column((i) => i.command.type), 'text[]')},
         ${$(column((i) => i.command.tif), 'text[]')}, ${$(column((i) => i.row.price), 'numeric[]')}, ${$(column((i) => i.row.quantity), 'numeric[]')},
         ${$(column((i) => i.row.quoteBudget), 'numeric[]')}, ${$(column((i) => i.freeze), 'numeric[]')}, ${$(column((i) => i.row.feeCurrency), 'text[]')})
         as t(id, user_id, side, type, tif, price, quantity, quote_budget, frozen, fee_currency)
       returning *
     )`;
}

