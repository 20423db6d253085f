import { fx, fxText } from '../../../../domain/fx.js';
import type { Queryable } from '../db/database.js';
import { StatementParams } from '../db/statementParams.js';
import { InsufficientFunds, type BalanceChange, type WalletAccount } from './ledger.js';

/**
 * Many balance changes and their ledger entries in two statements (one to lock, one to write) whatever their number: the
 * batch form of `changeBalance`, for the market pipelines that settle hundreds of orders in one
 * transaction. Same promises: every change has its entry with the balance after it, changes to one
 * balance are applied in the order given (so each entry's "after" is the previous one plus its
 * change), no balance goes negative, and rows are locked in one canonical order (user, currency,
 * account) so that concurrent batches cannot deadlock on them.
 *
 * Amounts are computed here exactly, as integers of 10^-18 (the columns are numeric(36, 18)),
 * from the locked rows; the rows are then written with their final values.
 */

const keyOf = (userId: number, currency: string, account: string) => `${userId}\u0000${currency}\u0000${account}`;

export interface BalanceState {
  available: bigint;
  frozen: bigint;
}

type BalanceKey = { userId: number; currency: string; account: WalletAccount };
type LockedRow = { user_id: number; currency: string; account: string; available: string; frozen: string };

/**
 * Locks (creating where missing) and reads the balances the batch will touch, in canonical order.
 * Callers that must decide before writing (is there enough to freeze?) use the returned states and
 * then pass them to `applyBalanceChanges`, which then needs no second read.
 */
export async function lockBalances(
  tx: Queryable,
  rows: ReadonlyArray<BalanceKey>,
  /**
   * A shared account (the platform's fee account) whose rows go after everyone else's, as every
   * transaction that touches it takes them last: then one statement can lock the users' rows and
   * the shared ones without a second round trip while the locks are held.
   */
  lastUserId = -1,
): Promise<Map<string, BalanceState>> {
  const params = new StatementParams();
  const locks = balanceLocks(params, rows, lastUserId);
  const found = locks.cte ? await tx.query<LockedRow>(`with ${locks.cte} select * from locked`, params.values) : [];
  return lockedStates(tx, locks, found);
}

/**
 * `lockBalances` as a common table expression (`locked as (…)`, its rows `user_id`, `currency`,
 * `account`, `available`, `frozen` as text) of a larger statement, so that a stage can lock its
 * balances in the round trip of its first statement; `lockedStates` then makes the states, creating
 * and locking any row that did not exist yet. `cte` is empty when there is nothing to lock.
 */
export function balanceLocks(params: StatementParams, rows: ReadonlyArray<BalanceKey>, lastUserId = -1): { cte: string; sorted: BalanceKey[]; lastUserId: number } {
  const sorted = canonicalOrder(rows, lastUserId);
  if (sorted.length === 0) return { cte: '', sorted, lastUserId };
  return { cte: `locked as (${lockSql(params, sorted, lastUserId)})`, sorted, lastUserId };
}

/** The rows once each, in the canonical locking order: user, currency, account, with `lastUserId`'s rows last. */
function canonicalOrder(rows: ReadonlyArray<BalanceKey>, lastUserId: number): BalanceKey[] {
  const unique = new Map<string, BalanceKey>();
  for (const r of rows) unique.set(keyOf(r.userId, r.currency, r.account), r);
  const last = (userId: number) => (userId === lastUserId ? 1 : 0);
  return [...unique.values()].sort((a, b) => last(a.userId) - last(b.userId) || a.userId - b.userId || cmp(a.currency, b.currency) || cmp(a.account, b.account));
}

/**
 * Makes the balance rows among `rows` that do not exist yet, at zero, in canonical order (two
 * writers making the same row wait for each other's insert, never in a cycle): before a locked
 * stage locks them, or after a one-statement write failed on BALANCE_ROWS_MISSING (balanceDeltas.ts).
 */
export async function makeBalanceRows(db: Queryable, rows: ReadonlyArray<BalanceKey>, lastUserId = -1): Promise<void> {
  const sorted = canonicalOrder(rows, lastUserId);
  if (sorted.length === 0) return;
  await db.query(
    `insert into balance (user_id, currency, account, available, frozen)
     select u, c, a, 0, 0 from unnest($1::bigint[], $2::text[], $3::text[]) as t(u, c, a)
     on conflict do nothing`,
    [sorted.map((r) => r.userId), sorted.map((r) => r.currency), sorted.map((r) => r.account)],
  );
}

/** The locking select: the rows that exist, locked in canonical order (the shared account's last). */
function lockSql(params: StatementParams, rows: readonly BalanceKey[], lastUserId: number): string {
  return `select b.user_id, b.currency, b.account, b.available::text as available, b.frozen::text as frozen
       from balance b join unnest(${params.add(rows.map((r) => r.userId))}::bigint[], ${params.add(rows.map((r) => r.currency))}::text[], ${params.add(rows.map((r) => r.account))}::text[]) as t(u, c, a)
         on b.user_id = t.u and b.currency = t.c and b.account = t.a
       order by b.user_id = ${params.add(lastUserId)}::bigint, b.user_id, b.currency, b.account
       for update of b`;
}

/** The states of `balanceLocks`' rows, given what its statement found; rows that did not exist are made and locked now. */
export async function lockedStates(tx: Queryable, locks: ReturnType<typeof balanceLocks>, found: readonly LockedRow[]): Promise<Map<string, BalanceState>> {
  const states = new Map<string, BalanceState>();
  const keep = (row: LockedRow) => states.set(keyOf(Number(row.user_id), row.currency, row.account), { available: fx(row.available), frozen: fx(row.frozen) });
  for (const row of found) keep(row);
  const missing = locks.sorted.filter((r) => !states.has(keyOf(r.userId, r.currency, r.account)));
  if (missing.length > 0) {
    // A balance the batch may credit that was never touched: a zero row, then locked like the others.
    await makeBalanceRows(tx, missing, locks.lastUserId);
    const params = new StatementParams();
    for (const row of await tx.query<LockedRow>(lockSql(params, missing, locks.lastUserId), params.values)) keep(row);
  }
  return states;
}

/**
 * Applies `changes` in order over `states` (from `lockBalances` in the same transaction, which it
 * updates), then writes the balances and the ledger entries in one statement. Throws
 * InsufficientFunds — rolling the caller's transaction back — if any balance would go negative.
 */
export async function applyBalanceChanges(tx: Queryable, states: Map<string, BalanceState>, changes: readonly BalanceChange[]): Promise<void> {
  if (changes.length === 0) return;
  const params = new StatementParams();
  await tx.query(`with ${balanceWrites(params, states, changes)} select 1`, params.values);
}

/**
 * The same as `applyBalanceChanges`, as the common table expressions of a larger statement (the
 * record stage writes its orders, their freezes and its keys' answers in one round trip): applies
 * the changes over `states` now, and answers `written as (…), entered as (…)` with its arrays added
 * to `params`. Empty when there is nothing to change.
 */
export function balanceWrites(params: StatementParams, states: Map<string, BalanceState>, changes: readonly BalanceChange[]): string {
  if (changes.length === 0) return '';
  const entries = {
    user: [] as number[],
    currency: [] as string[],
    account: [] as string[],
    kind: [] as string[],
    availableChange: [] as string[],
    frozenChange: [] as string[],
    availableAfter: [] as string[],
    frozenAfter: [] as string[],
    refType: [] as string[],
    refId: [] as (number | null)[],
  };
  const touched = new Map<string, { userId: number; currency: string; account: string; state: BalanceState }>();
  for (const c of changes) {
    const key = keyOf(c.userId, c.currency, c.account);
    const state = states.get(key);
    if (!state) throw new Error(`balance ${c.userId}/${c.currency}/${c.account} was not locked before changing it`);
    const availableChange = fx(c.available);
    const frozenChange = fx(c.frozen);
    state.available += availableChange;
    state.frozen += frozenChange;
    if (state.available < 0n || state.frozen < 0n) throw new InsufficientFunds(c.currency);
    touched.set(key, { userId: c.userId, currency: c.currency, account: c.account, state });
    entries.user.push(c.userId);
    entries.currency.push(c.currency);
    entries.account.push(c.account);
    entries.kind.push(c.kind);
    entries.availableChange.push(fxText(availableChange));
    entries.frozenChange.push(fxText(frozenChange));
    entries.availableAfter.push(fxText(state.available));
    entries.frozenAfter.push(fxText(state.frozen));
    entries.refType.push(c.refType);
    entries.refId.push(c.refId);
  }
  const rows = [...touched.values()];
  const $ = (value: unknown, type: string) => `${params.add(value)}::${type}`;
  // The balances' final values and the entries that lead to them; unnest keeps the arrays' order,
  // so ledger ids follow the order the changes were applied in.
  return `written as (
       update balance b set available = t.available, frozen = t.frozen
       from unnest(${$(rows.map((r) => r.userId), 'bigint[]')}, ${$(rows.map((r) => r.currency), 'text[]')}, ${$(rows.map((r) => r.account), 'text[]')},
         ${$(rows.map((r) => fxText(r.state.available)), 'numeric[]')}, ${$(rows.map((r) => fxText(r.state.frozen)), 'numeric[]')}) as t(u, c, a, available, frozen)
       where b.user_id = t.u and b.currency = t.c and b.account = t.a
     ), entered as (
       insert into ledger_entry (user_id, currency, account, kind, available_change, frozen_change, available_after, frozen_after, ref_type, ref_id)
       select * from unnest(${$(entries.user, 'bigint[]')}, ${$(entries.currency, 'text[]')}, ${$(entries.account, 'text[]')}, ${$(entries.kind, 'text[]')},
         ${$(entries.availableChange, 'numeric[]')}, ${$(entries.frozenChange, 'numeric[]')}, ${$(entries.availableAfter, 'numeric[]')}, ${$(entries.frozenAfter, 'numeric[]')},
         ${$(entries.refType, 'text[]')}, ${$(entries.refId, 'bigint[]')})
     )`;
}

/** Whether `state` can give `amount` from its available part (a freeze check before writing). */
export function canSpend(state: BalanceState | undefined, amount: string): boolean {
  return state !== undefined && state.available >= fx(amount);
}

export const balanceKey = keyOf;

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
