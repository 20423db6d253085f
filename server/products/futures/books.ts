import { fxText, type Fx } from '../../../domain/fx.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import type { BalanceChange } from '../../kernel/platform/ledger/ledger.js';
import { applyBalanceChanges, balanceKey, lockBalances, type BalanceState } from '../../kernel/platform/ledger/ledgerBatch.js';
import { FUTURES_ACCOUNT, FUTURES_CURRENCY } from '../../../domain/futures/api.js';

/** Funds a step would take are not there; raised before anything of the step is booked. */
export class NotEnough extends Error {
  constructor(readonly userId: number) {
    super(`not enough USDT in the contract account of ${userId}`);
  }
}

/**
 * The USDT contract balances one batch touches: locked once each (ledgerBatch's lockBalances), a
 * projection of available and frozen after the changes so far (so a step can check before it
 * books), and the list of changes written once at the end with applyBalanceChanges. Every figure
 * is an exact Fx (the ledger's scale of 18 decimals: domain/fx.ts).
 */
export class Books {
  private readonly states = new Map<string, BalanceState>();
  private readonly projected = new Map<string, { available: Fx; frozen: Fx }>();
  private readonly changes: BalanceChange[] = [];
  /** Users whose balances changed (the private channel is told after the commit). */
  readonly touched = new Set<number>();

  constructor(private readonly tx: Queryable) {}

  /** Locks the contract USDT rows of `userIds` not locked yet in this batch. */
  async lock(userIds: Iterable<number>): Promise<void> {
    const missing = [...new Set(userIds)].filter((u) => !this.states.has(balanceKey(u, FUTURES_CURRENCY, FUTURES_ACCOUNT)));
    if (missing.length === 0) return;
    const locked = await lockBalances(
      this.tx,
      missing.map((userId) => ({ userId, currency: FUTURES_CURRENCY, account: FUTURES_ACCOUNT })),
    );
    for (const [key, state] of locked) {
      this.states.set(key, state);
      this.projected.set(key, { available: state.available, frozen: state.frozen });
    }
  }

  private view(userId: number) {
    const v = this.projected.get(balanceKey(userId, FUTURES_CURRENCY, FUTURES_ACCOUNT));
    if (!v) throw new Error(`contract balance of ${userId} was not locked`);
    return v;
  }

  available(userId: number): Fx {
    return this.view(userId).available;
  }

  frozen(userId: number): Fx {
    return this.view(userId).frozen;
  }

  /** Books one change of a user's contract USDT; refuses (NotEnough) a change that would overdraw. */
  change(userId: number, available: Fx, frozen: Fx, kind: string, refType: string, refId: number | null): void {
    if (available === 0n && frozen === 0n) return;
    const v = this.view(userId);
    if (v.available + available < 0n || v.frozen + frozen < 0n) throw new NotEnough(userId);
    v.available += available;
    v.frozen += frozen;
    this.touched.add(userId);
    this.changes.push({ userId, currency: FUTURES_CURRENCY, account: FUTURES_ACCOUNT, available: fxText(available), frozen: fxText(frozen), kind, refType, refId });
  }

  /** Moves `amount` of available from one account to another (two entries, one kind). */
  transfer(from: number, to: number, amount: Fx, kind: string, refType: string, refId: number | null): void {
    if (amount === 0n) return;
    if (amount < 0n) return this.transfer(to, from, -amount, kind, refType, refId);
    this.change(from, -amount, 0n, kind, refType, refId);
    this.change(to, amount, 0n, kind, refType, refId);
  }

  /** Writes every booked change (the projection already proved none overdraws). */
  async flush(): Promise<void> {
    await applyBalanceChanges(this.tx, this.states, this.changes);
    this.changes.length = 0;
  }
}
