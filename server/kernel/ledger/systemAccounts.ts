import type { Queryable } from '../db/database.js';

/**
 * The platform's own accounts are users of kind 'system', so their balances are ledger rows like
 * everyone's and a currency's total over all accounts only moves when funds cross the chain.
 * `fees` receives trading and withdrawal fees; `secondsHouse` is the house of the seconds contracts
 * (it takes lost stakes and pays winnings).
 */
export const SYSTEM_ACCOUNTS = { fees: 'system:fees', secondsHouse: 'system:seconds_house' } as const;

const ids = new WeakMap<object, Map<string, number>>();

/** The id of a system account, created on first use (cached per database). */
export async function systemAccountId(db: Queryable, name: keyof typeof SYSTEM_ACCOUNTS): Promise<number> {
  const cache = ids.get(db) ?? new Map<string, number>();
  ids.set(db, cache);
  const cached = cache.get(name);
  if (cached !== undefined) return cached;
  const account = SYSTEM_ACCOUNTS[name];
  await db.query(`insert into app_user (account, nickname, kind) values ($1, $2, 'system') on conflict (account) do nothing`, [account, `Platform (${name})`]);
  const [row] = await db.query<{ id: number }>('select id from app_user where account = $1', [account]);
  cache.set(name, Number(row!.id));
  return Number(row!.id);
}
