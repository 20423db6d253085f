import type { Database } from '../../../kernel/db/database.js';
import type { SequenceIds } from '../../../kernel/db/sequenceIds.js';
import { StatementParams } from '../../../kernel/db/statementParams.js';
import { claimAnswers, claimWrites, rememberedWrites } from '../../../kernel/idempotency.js';
import { balanceKey, balanceLocks, balanceWrites, canSpend, lockedStates, toAtto } from '../../../kernel/ledger/ledgerBatch.js';
import type { BalanceChange } from '../../../kernel/ledger/ledger.js';
import type { PairSpec } from '../../../kernel/exchange/pairSpec.js';
import type { PlaceIntent } from './intake.js';

/** What the record stage made of each place intent of a batch, in order. */
export type Recorded =
  /** Written, funds frozen: the engine may match it. */
  | { kind: 'recorded'; orderId: number }
  /** The key was used before: the first submission's order; nothing placed. */
  | { kind: 'repeated'; orderId: number }
  /** The same key earlier in this batch (`index`: that place among the batch's places): answered with its result. */
  | { kind: 'sameBatchAs'; index: number }
  | { kind: 'insufficientFunds' };

/**
 * Both pipeline transactions commit without waiting for the disk, so the balance rows they lock
 * are free again at once; the market waits for `db.durable()` before anyone hears of the batch
 * (spotMarket.ts), so an acknowledged order is still on disk.
 */
export const DURABLE_LATER = { durableLater: true } as const;

/**
 * The record stage (transaction 1 of a batch): claims the batch's idempotency keys, locks the
 * placers' balances once, decides in memory — in queue order — which orders the available funds
 * cover, and writes those orders and their freezes with multi-row statements. After its commit
 * every recorded order is durable with its funds frozen; a crash from here on leaves open orders
 * that the restore replays. Nothing is written for a refused order, not even its key, so a retry
 * after a deposit is a fresh submission.
 */
export async function recordOrders(db: Database, spec: PairSpec, intents: readonly PlaceIntent[], now: number, orderSequence: SequenceIds): Promise<Recorded[]> {
  if (intents.length === 0) return [];
  // Named before the transaction, so that no round trip for them falls between locking the
  // balances and committing (other batches wait on those locks). Refused orders leave gaps.
  const ids = await orderSequence.take(intents.length);
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
    const states = await lockedStates(
      tx,
      locks,
      rows.filter((r) => r.part === 'balance'),
    );
    keyed.forEach(({ index }, i) => {
      const claim = claims[i]!;
      if ('sameBatchAs' in claim) results[index] = { kind: 'sameBatchAs', index: keyed[claim.sameBatchAs]!.index };
      else if (!claim.fresh) results[index] = { kind: 'repeated', orderId: Number(claim.response.orderId) };
    });

    const fresh = intents.flatMap((intent, index) => (results[index] ? [] : [{ index, intent }]));
    // Decide in queue order against running balances; the writes below apply the same changes.
    const accepted: Array<{ index: number; intent: PlaceIntent }> = [];
    const refusedKeys: PlaceIntent[] = [];
    const running = new Map([...states].map(([k, s]) => [k, { ...s }]));
    for (const entry of fresh) {
      const { intent } = entry;
      const state = running.get(balanceKey(intent.userId, intent.freezeCurrency, 'spot'));
      if (!canSpend(state, intent.freeze)) {
        results[entry.index] = { kind: 'insufficientFunds' };
        if (intent.submission) refusedKeys.push(intent);
        continue;
      }
      state!.available -= toAtto(intent.freeze);
      accepted.push(entry);
    }
    if (refusedKeys.length > 0) {
      await tx.query(`delete from idempotency_key k using unnest($1::bigint[], $2::text[]) as t(u, key) where k.user_id = t.u and k.key = t.key`, [
        refusedKeys.map((i) => i.userId),
        refusedKeys.map((i) => i.submission!.key.key),
      ]);
    }
    if (accepted.length === 0) return results;

    const orderIds = accepted.map(({ index }) => ids[index]!);
    const column = <T>(pick: (intent: PlaceIntent) => T) => accepted.map(({ intent }) => pick(intent));
    const freezes: BalanceChange[] = accepted.map(({ intent }, i) => ({
      userId: intent.userId,
      currency: intent.freezeCurrency,
      account: 'spot',
      available: `-${intent.freeze}`,
      frozen: intent.freeze,
      kind: 'order_freeze',
      refType: 'spot_order',
      refId: orderIds[i]!,
    }));
    const remembered: Array<{ userId: number; key: NonNullable<PlaceIntent['submission']>['key']; response: unknown }> = [];
    accepted.forEach(({ index, intent }, i) => {
      results[index] = { kind: 'recorded', orderId: orderIds[i]! };
      if (intent.submission) remembered.push({ userId: intent.userId, key: intent.submission.key, response: { orderId: orderIds[i]! } });
    });
    // One round trip: the orders, their freezes with ledger entries, and the keys' answers.
    const write = new StatementParams();
    const $ = (value: unknown, type: string) => `${write.add(value)}::${type}`;
    const orders = `placed as (
       insert into spot_order (id, user_id, left_symbol, right_symbol, side, type, tif, price, quantity, quote_budget, frozen, created_ms, updated_ms, fee_currency)
       select t.id, t.user_id, ${$(spec.left, 'text')}, ${$(spec.right, 'text')}, t.side, t.type, t.tif, t.price, t.quantity, t.quote_budget, t.frozen, ${$(now, 'bigint')}, ${$(now, 'bigint')}, t.fee_currency
       from unnest(${$(orderIds, 'bigint[]')}, ${$(column((i) => i.userId), 'bigint[]')}, ${$(column((i) => i.command.side), 'text[]')}, ${$(column((i) => i.command.type), 'text[]')},
         ${$(column((i) => i.command.tif), 'text[]')}, ${$(column((i) => i.row.price), 'numeric[]')}, ${$(column((i) => i.row.quantity), 'numeric[]')},
         ${$(column((i) => i.row.quoteBudget), 'numeric[]')}, ${$(column((i) => i.freeze), 'numeric[]')}, ${$(column((i) => i.row.feeCurrency), 'text[]')})
         as t(id, user_id, side, type, tif, price, quantity, quote_budget, frozen, fee_currency)
     )`;
    const parts = [orders, balanceWrites(write, states, freezes), rememberedWrites(write, remembered)].filter(Boolean);
    await tx.query(`with ${parts.join(', ')} select 1`, write.values);
    return results;
  }, DURABLE_LATER);
}

