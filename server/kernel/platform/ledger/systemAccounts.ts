import type { Queryable } from '../db/database.js';

/**
 * The platform's own accounts are users of kind 'system', so their balances are ledger rows like
 * everyone's and a currency's total over all accounts only moves when funds cross the chain.
 * The kernel's own is `fees`, which receives every product's trading and withdrawal fees. A product
 * with accounts of its own (a house, a pool, one account per project) declares them in its folder
 * with `systemAccount` / `systemAccountFamily` and lists them in its declaration (`ledger.systemAccounts`).
 */
export interface SystemAccount {
  /** The name in its nickname, `Platform (<name>)`. */
  name: string;
  /** app_user.account as stored: databases hold it, so it never changes. */
  account: string;
}

/** Accounts made one per key (an ICO project's token): `<prefix><key>`. */
export interface SystemAccountFamily {
  prefix: string;
  nickname(key: string): string;
}

export const systemAccount = (name: string, account: string): SystemAccount => ({ name, account });

export const systemAccountFamily = (prefix: string, nickname: (key: string) => string): SystemAccountFamily => ({ prefix, nickname });

/** Trading and withdrawal fees, whichever product charges them. */
export const FEES = systemAccount('fees', 'system:fees');

const ids = new WeakMap<object, Map<string, number>>();

/** The id of a system account ('fees' or a product's), created on first use (cached per database). */
export async function systemAccountId(db: Queryable, which: 'fees' | SystemAccount): Promise<number> {
  const { name, account } = which === 'fees' ? FEES : which;
  const cache = ids.get(db) ?? new Map<string, number>();
  ids.set(db, cache);
  const cached = cache.get(account);
  if (cached !== undefined) return cached;
  const id = await ensureSystemUser(db, account, `Platform (${name})`);
  cache.set(account, id);
  return id;
}

/** The family's account for `key`, created on first use. */
export function familyAccountId(db: Queryable, family: SystemAccountFamily, key: string): Promise<number> {
  return ensureSystemUser(db, `${family.prefix}${key}`, family.nickname(key));
}

async function ensureSystemUser(db: Queryable, account: string, nickname: string): Promise<number> {
  await db.query(`insert into app_user (account, nickname, kind) values ($1, $2, 'system') on conflict (account) do nothing`, [account, nickname]);
  const [row] = await db.query<{ id: number }>('select id from app_user where account = $1', [account]);
  return Number(row!.id);
}
