import { FuturesOrderStatus as S } from '../../../domain/futures/orderStatus.js';
import { minFx, mulFx, type Fx } from '../../../domain/fx.js';
import { cacheChanged } from '../../kernel/platform/caches.js';
import { PAIRS_CACHE } from '../../kernel/platform/catalogue.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import { listedBy, setListing } from '../../kernel/platform/pairListing.js';
import type { Batch } from './batch.js';
import { settleFill } from './engine/engine.js';
import { isOpenStatus } from './engine/rules.js';
import { cancelOrder } from './handlers.js';
import type { FuturesMemory } from './memory.js';
import type { OrderState } from './orderState.js';
import type { Position } from './positions.js';
import { endPlan } from './store.js';

/**
 * How long after the delisting's halt the contract is closed: every process's intake and makers
 * have read the halt by then (they read it within a second), as spot's DELIST_SETTLE_MS.
 */
export const CONTRACT_CLOSE_SETTLE_MS = 1500;

/** No fee on a delisting's close: the trader did not choose it. */
const NO_FEE = { maker: 0n, taker: 0n };

/**
 * The futures side of a contract's delisting (issue 52 §1; the markets product announces it and its
 * duties halt the contract at the announced time, markets/contractDelisting.ts). What follows must
 * run where the contract's book is — the process running futures, which may not be the one holding
 * the duties — so, as a halt reaches it, it reads the pair row: a contract whose delisting halted
 * it a settle time ago and is not delisted yet is `due`. `close` then runs as one job of the
 * exchange's sequencer, in one transaction: the pair row is locked and checked still due (a second
 * pass, or another process during a takeover, finds it done), every waiting plan ends, every open
 * order is cancelled through the book (its hold released), every position is closed at the mark by
 * a close order of source 'delist' (no book, no trade, no fee: margin and PnL paid from the pool, a
 * shortfall beyond the margin from the account's available balance when cross and the insurance
 * fund for the rest — the engine's close, as a liquidation's), the contract leaves the futures'
 * listing (its pair_listing row 0) and the pair row gets `contract_delisted_at`, announced to every
 * process. Nothing is done before the commit, so a crash leaves it due and the next pass carries
 * on. Without a mark the contract waits for one.
 */
export async function dueContractCloses(db: Queryable, now: number, settleMs = CONTRACT_CLOSE_SETTLE_MS): Promise<string[]> {
  const rows = await db.query<{ symbol: string }>(
    `select left_symbol || '_' || right_symbol as symbol from pair
     where ${listedBy('futures')} and contract_delisted_at is null and contract_delist_halted_at <= to_timestamp($1::double precision / 1000)
     order by left_symbol, right_symbol`,
    [now - settleMs],
  );
  return rows.map((r) => r.symbol);
}

/** A close's outcome: done, not due here (or no mark yet), or waiting for the insurance fund to cover what it would take. */
export type ContractClose = { closed: true } | { closed: false; fund?: Fx; needed?: Fx };

/**
 * Closes a due contract in the batch `b` (a job of the exchange's sequencer). Before anything moves
 * it checks that the insurance fund covers what the closes at the mark would take from it: had the
 * fund come up short at the batch's write, the whole batch — every command queued with this job,
 * on every contract — would have been refused and the futures memory rebuilt, each second. So a
 * close the fund cannot pay changes nothing and answers what it needs; the next pass tries again.
 */
export async function closeContract(m: FuturesMemory, b: Batch, symbol: string, now: number): Promise<ContractClose> {
  const pair = m.pairs.get(symbol);
  const mark = m.marks.get(symbol)?.mark;
  if (!pair || mark === undefined) return { closed: false };
  const [due] = await b.tx.query(
    `select 1 from pair where left_symbol = $1 and right_symbol = $2 and ${listedBy('futures')} and contract_delisted_at is null and contract_delist_halted_at is not null for update`,
    [pair.spec.left, pair.spec.right],
  );
  if (!due) return { closed: false };
  const users = new Set([...m.positions.values(), ...b.positions.values()].filter((p) => p.symbol === symbol).map((p) => p.userId));
  await b.books.lock([...users]);
  const needed = [...users].reduce((sum, userId) => sum + insuranceCover(b, b.position(userId, symbol), mark), 0n);
  const fund = b.books.available(m.accounts.insurance);
  if (needed > fund) return { closed: false, fund, needed };
  for (const plan of m.plans.values()) {
    if (plan.symbol !== symbol || b.endedPlans.has(plan.id)) continue;
    await endPlan(b.tx, plan.id, 'contract delisted', now);
    b.endedPlans.add(plan.id);
  }
  // What memory holds and what this batch did before this job (a close placed earlier in it).
  const orders = [...m.orders.values(), ...b.orders.values()].filter((o) => o.symbol === symbol);
  for (const id of new Set(orders.map((o) => o.id))) {
    const o = b.order(id);
    if (o && isOpenStatus(o.status)) await cancelOrder(m, b, o.userId, o.id, now);
  }
  for (const userId of users) {
    const pos = b.position(userId, symbol);
    if (pos.side !== 0) await closeAtMark(m, b, pos, mark, now);
  }
  await b.tx.query(`update pair set contract_delisted_at = now() where left_symbol = $1 and right_symbol = $2`, [pair.spec.left, pair.spec.right]);
  await setListing(b.tx, 'futures', pair.spec.left, pair.spec.right, false);
  await cacheChanged(b.tx, PAIRS_CACHE);
  return { closed: true };
}

/**
 * What closing `pos` in full at `mark` takes from the insurance fund (engine/fill.ts, a close with
 * no fee): the loss beyond the position's margin, less what a cross account's available pays first.
 * Read before the contract's orders are cancelled, so a cross account's released holds are not
 * counted: the check errs toward waiting, never toward a refused batch.
 */
function insuranceCover(b: Batch, pos: Position, mark: Fx): Fx {
  if (pos.side === 0) return 0n;
  const pnl = BigInt(pos.side) * mulFx(pos.quantity, mark) - pos.cost;
  const deficit = -(pos.margin + pnl);
  if (deficit <= 0n) return 0n;
  const fromUser = pos.mode === 'cross' ? minFx(deficit, b.books.available(pos.userId)) : 0n;
  return deficit - fromUser;
}

/** One position closed in full at `mark` by a 'delist' close order (its price the mark, for the history), written with the batch. */
async function closeAtMark(m: FuturesMemory, b: Batch, pos: Position, mark: Fx, now: number): Promise<void> {
  const [id] = await m.orderIds.take(1, b.tx);
  const order: OrderState = {
    id: id!, userId: pos.userId, symbol: pos.symbol, action: pos.side === 1 ? 'close_long' : 'close_short', type: 'market', price: mark, holdPrice: null, holdRate: 0n,
    quantity: pos.quantity, filled: 0n, filledValue: 0n, leverage: pos.leverage, mode: pos.mode, held: 0n, fee: 0n, profit: 0n, status: S.entrusted,
    storedStatus: S.entrusted, source: 'delist', triggerPrice: null, note: 'contract delisted', createdMs: now, updatedMs: now, isNew: true, unwritten: true,
  };
  b.addOrder(order);
  settleFill(b, m.accounts, order, mark, pos.quantity, false, now, NO_FEE);
}
