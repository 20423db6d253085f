import { openSession } from '../../../server/kernel/platform/auth/sessions.js';
import type { Database } from '../../../server/kernel/platform/db/database.js';
import { changeBalance, type WalletAccount } from '../../../server/kernel/platform/ledger/ledger.js';

/** A user a test made, signed in: `headers` carry the session token. */
export interface TestUser {
  id: number;
  token: string;
  headers: Record<string, string>;
}

export interface NewTestUser {
  /** Starts the account name (`<tag>-<n>-<pid>-<ms>@example.org`), so a failing row says which test made it. */
  tag?: string;
  /** The account name itself, when the test signs in with it (instead of a made-up one). */
  name?: string;
  /**
   * Deposits made straight into the ledger (kind 'deposit', ref 'test'), in one transaction: an
   * amount per currency, or [currency, amount, ledger account] rows.
   */
  funded?: Record<string, string> | ReadonlyArray<readonly [string, string, WalletAccount?]>;
  /** The ledger account deposits go to when a row does not say. */
  account?: WalletAccount;
  /** Identity verified (name_status 3) or not (1); left to the column default when not said. */
  verified?: boolean;
  kind?: 'user' | 'market_maker';
  nickname?: string;
  /** The account name is also the e-mail address. */
  email?: boolean;
  passwordHash?: string;
  fundsPasswordHash?: string;
  /** The session's lifetime (an operator's is one day). */
  sessionDays?: number;
}

let made = 0;

/**
 * Inserts a user row with the columns asked for, funds it and opens a session: what every product's
 * tests need before their first call. The product tests' test beds (productTestbed.ts) call it with
 * their own defaults; tests against a running server call it on `server.db`.
 */
export async function createTestUser(db: Pick<Database, 'query' | 'transaction'>, options: NewTestUser = {}): Promise<TestUser> {
  const account = options.name ?? `${options.tag ?? 'user'}-${++made}-${process.pid}-${Date.now()}@example.org`;
  const columns: Record<string, unknown> = { account };
  if (options.email) columns.email = account;
  if (options.verified !== undefined) columns.name_status = options.verified ? 3 : 1;
  if (options.kind) columns.kind = options.kind;
  if (options.nickname) columns.nickname = options.nickname;
  if (options.passwordHash) columns.password_hash = options.passwordHash;
  if (options.fundsPasswordHash) columns.funds_password_hash = options.fundsPasswordHash;
  const names = Object.keys(columns);
  const [row] = await db.query<{ id: number }>(
    `insert into app_user (${names.join(', ')}) values (${names.map((_, i) => `$${i + 1}`).join(', ')}) returning id`,
    Object.values(columns),
  );
  const id = Number(row!.id);
  const funded: ReadonlyArray<readonly [string, string, WalletAccount?]> = Array.isArray(options.funded) ? options.funded : Object.entries(options.funded ?? {});
  if (funded.length > 0) {
    await db.transaction(async (tx) => {
      for (const [currency, available, account = options.account ?? 'spot'] of funded) {
        await changeBalance(tx, { userId: id, currency, account, available, frozen: '0', kind: 'deposit', refType: 'test', refId: null });
      }
    });
  }
  const token = await openSession(db, id, options.sessionDays);
  return { id, token, headers: { token } };
}
