import type { ChainAdapter } from './chain/chainAdapter.js';
import type { Database } from '../../kernel/platform/db/database.js';
import type { AccountRules } from '../../kernel/platform/ledger/accountRules.js';
import type { UserFeed } from '../../kernel/platform/realtime/userFeed.js';
import type { WalletAccount } from '../../../domain/wallet.js';

/** What every part of the wallet works with, built once in wallet.ts. */
export interface WalletContext {
  db: Database;
  chain: ChainAdapter;
  feed: UserFeed;
  /** What the products whose positions live on an account allow out of it and value it at. */
  accounts: AccountRules;
  /** The clock; tests inject one. Stored times (created_ms, updated_ms) come from it. */
  now: () => number;
  /** Tells the private user channel, after the commit, which balances changed. Never throws. */
  balancesChanged(userId: number, rows: ReadonlyArray<{ currency: string; account: WalletAccount }>): void;
  /**
   * Tells the private user channel, after the commit, that a deposit or withdrawal has a new status
   * (and, with `notice`, that the bell has a new notification). Never throws.
   */
  recordChanged(userId: number, change: { record: 'deposit' | 'withdrawal'; id: number; status: number; notice?: boolean }): void;
}
