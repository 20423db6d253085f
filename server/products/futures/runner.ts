import { StatementParams } from '../../kernel/platform/db/statementParams.js';
import { claimAnswers, claimWrites, sameBody } from '../../kernel/platform/idempotency.js';
import { refuse, type Outcome } from '../../kernel/platform/outcome.js';
import { adopt } from './adopt.js';
import { Batch } from './batch.js';
import { PLACE_SCOPE, usersOf, type Command, type Result } from './commands.js';
import { adjustMargin, cancelOrder, firePlan, liquidate, setLeverage } from './handlers.js';
import type { FuturesMemory } from './memory.js';
import { placeOrder } from './place.js';

/**
 * One sequencer batch through the futures stages, as one transaction (docs/ARCHITECTURE.md
 * "Futures"): prepare (its keys claimed, its balances locked: I/O, once for the batch) → each
 * command in queue order (carryOut: place.ts's decide → match → settle, the engine's pure steps
 * around the pair's book, or handlers.ts) → write (Batch.write: one statement per table) → commit
 * → publish (adopt.ts: memory takes the batch, pushes go out). A failure anywhere answers every command with
 * it and has the sequencer rebuild, because the books may have moved for a batch that never
 * committed.
 */
export async function runBatch(ex: FuturesMemory, batch: Command[]): Promise<Result[]> {
  const now = ex.clock();
  const results: Result[] = new Array(batch.length);
  let done: Batch;
  try {
    done = await ex.db.transaction(async (tx) => {
      const b = new Batch(tx, ex);
      await b.books.lock([ex.accounts.pool, ex.accounts.insurance, ex.accounts.fees]);
      const repeats = await prepare(b, batch, now);
      // For a key sent several times in the batch: the command that carried it last (its first
      // command, or a later one carried out after an earlier refusal).
      const carrier = new Map<number, number>();
      for (let i = 0; i < batch.length; i++) {
        const first = repeats.get(i);
        const c = batch[i]!;
        if (first !== undefined && c.kind === 'place') {
          // The same key again in one batch: the answer of the command that carries it (or, when
          // its body was another, a refusal: no repeat of it), unless that was refused (its key
          // freed), when this one is carried out as a new submission, as a retry would be.
          const by = carrier.get(first) ?? first;
          const answer = results[by];
          const carrying = batch[by]!;
          if (carrying.kind === 'place' && b.claims.get(carrying.request)?.fresh === false) {
            // The key is an earlier batch's, and stays its: this one is judged against it on its
            // own (placeOrder claims it: that order's answer, or another body's refusal).
            results[i] = await carryOut(ex, b, c, now);
            continue;
          }
          if (answer && !(answer instanceof Error) && answer.ok) {
            results[i] = carrying.kind === 'place' && !sameBody(carrying.request.key!, c.request.key!) ? refuse('idempotencyKeyReused') : answer;
            continue;
          }
          carrier.set(first, i);
          b.claims.set(c.request, { fresh: true });
          b.reclaim(c.request.userId, c.request.key!);
        }
        results[i] = await carryOut(ex, b, c, now);
      }
      await b.write(now);
      return b;
    });
  } catch (error) {
    // Engines may have moved for a batch that never committed: rebuild before the next one.
    await ex.sequencer.recover();
    const failure = error instanceof Error ? error : new Error(String(error));
    return batch.map(() => failure);
  }
  adopt(ex, done);
  return results;
}

/**
 * What every batch's commands would otherwise each ask for in round trips of their own, inside
 * one transaction, one after another: the submission keys of its places, claimed in one
 * statement, and the contract balances of its users, locked in one. (bench:futures: the batch's
 * round trips per order were what bounded the order rate while the CPU had room.) Answers, by
 * command index, the places whose key an earlier command of the batch already carries.
 */
async function prepare(b: Batch, batch: Command[], now: number): Promise<Map<number, number>> {
  const keyed = batch.flatMap((c, i) => (c.kind === 'place' && c.request.key ? [{ i, request: c.request }] : []));
  const repeats = new Map<number, number>();
  if (keyed.length > 0) {
    const params = new StatementParams();
    const writes = claimWrites(params, keyed.map((k) => ({ userId: k.request.userId, scope: PLACE_SCOPE, key: k.request.key! })), now);
    const inserted = writes.cte ? await b.tx.query<{ user_id: number; key: string }>(`with ${writes.cte} select user_id, key from claimed`, params.values) : [];
    const answers = await claimAnswers<unknown>(b.tx, writes, inserted, now);
    answers.forEach((answer, n) => {
      if ('sameBatchAs' in answer) repeats.set(keyed[n]!.i, keyed[answer.sameBatchAs]!.i);
      else b.claims.set(keyed[n]!.request, answer);
    });
  }
  await b.books.lock(batch.flatMap(usersOf));
  return repeats;
}

/** One command of the batch, in queue order. */
export async function carryOut(m: FuturesMemory, b: Batch, c: Command, now: number): Promise<Outcome<unknown>> {
  switch (c.kind) {
    case 'place':
      return placeOrder(m, b, c.request, now);
    case 'cancel':
      return cancelOrder(m, b, c.userId, c.orderId, now);
    case 'leverage':
      return setLeverage(m, b, c.userId, c.symbol, c.leverage, c.mode, now);
    case 'margin':
      return adjustMargin(m, b, c.userId, c.symbol, c.type, c.amount);
    case 'liquidate':
      return { ok: true, data: { liquidated: await liquidate(m, b, c.userId, c.symbol, now) } };
    case 'firePlan':
      return { ok: true, data: { fired: await firePlan(m, b, c.planId, now) } };
    case 'job':
      return (await c.work(b, now)) as Outcome<unknown>;
  }
}
