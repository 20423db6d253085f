import type { Queryable } from '../db/database.js';

/**
 * The platform's own accounts are users of kind 'system', so their balances are ledger rows like
 * everyone's and a currency's total over all accounts only moves when funds cross the chain.
 * `fees` receives trading and withdrawal fees; `secondsHouse` is the house of the seconds contracts
 * (it takes lost stakes and pays winnings). Each ICO project has its own account,
 * `system:ico:<TOKEN>` (`icoProjectAccountId`): it issues the project's tokens and receives the paid USDT.
 * `futuresPool` holds every futures position's margin and clears realised PnL (its USDT equals
 * Σ margin − Σ cost over all positions); `insuranceFund` takes liquidation fees and surpluses,
 * pays deficits beyond a bankrupt position's margin, and keeps funding's rounding remainders.
 */
export const SYSTEM_ACCOUNTS = {
  fees: 'system:fees',
  secondsHouse: 'system:seconds_house',
  futuresPool: 'system:futures_pool',
  insuranceFund: 'system:insurance_fund',
} as const;

const ids = new WeakMap<object, Map<string, number>>();

/** The id of a system account, created on first use (cached per database). */
export async function systemAccountId(db: Queryable, name: keyof typeof SYSTEM_ACCOUNTS): Promise<number> {
  const cache = ids.get(db) ?? new Map<string, number>();
  ids.set(db, cache);
  const cached = cache.get(name);
  if (cached !== undefined) return cached;
  const id = await ensureSystemUser(db, SYSTEM_ACCOUNTS[name], `Platform (${name})`);
  cache.set(name, id);
  return id;
}

export const ICO_PROJECT_ACCOUNT_PREFIX = 'system:ico:';

/** The system account of the ICO project selling `token`, created on first use. */
export function icoProjectAccountId(db: Queryable, token: string): Promise<number> {
  return ensureSystemUser(db, `${ICO_PROJECT_ACCOUNT_PREFIX}${token}`, `ICO project (${token})`);
}

async function ensureSystemUser(db: Queryable, account: string, nickname: string): Promise<number> {
  await db.query(`insert into app_user (account, nickname, kind) values ($1, $2, 'system') on conflict (account) do nothing`, [account, nickname]);
  const [row] = await db.query<{ id: number }>('select id from app_user where account = $1', [account]);
  return Number(row!.id);
}
