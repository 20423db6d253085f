import type { Queryable } from '../db/database.js';

/**
 * The ledger's promises, checked against the database (tests, the crash test, and operators after
 * an incident). Each finding is a sentence; an empty list means the books balance:
 * 1. no balance is negative;
 * 2. every balance is explained by its ledger chain: each entry's "after" is the previous "after"
 *    plus its change, and the last "after" is the balance;
 * 3. per currency, what all accounts hold (users, market makers, the platform's own) equals what
 *    crossed the chain boundary: deposits credited minus withdrawals sent out; everything else
 *    only moves funds between accounts;
 * 4. per currency, frozen funds equal what open orders, unfinished withdrawals, open seconds
 *    contracts, ICO subscriptions (USDT paid into unsettled projects; allocated tokens not yet
 *    thawed), P2P fiat (online sell ads' remaining, unfinished orders' escrow) and open futures
 *    orders (their held opening margin and fee) hold;
 * 5. the futures pool (system:futures_pool) holds exactly Σ margin − Σ cost over all futures
 *    positions: every position's margin is in it, and realised PnL left it or came into it.
 */
export const CHAIN_BOUNDARY_KINDS = ['deposit', 'withdraw_out'] as const;

export async function auditLedger(db: Queryable): Promise<string[]> {
  const findings: string[] = [];

  const negative = await db.query<{ user_id: number; currency: string; account: string }>(
    `select user_id, currency, account from balance where available < 0 or frozen < 0 limit 20`,
  );
  for (const n of negative) findings.push(`negative balance: user ${n.user_id} ${n.currency} ${n.account}`);

  const broken = await db.query<{ id: number; user_id: number; currency: string; account: string }>(
    `select id, user_id, currency, account from (
       select id, user_id, currency, account, available_after, frozen_after,
         lag(available_after, 1, 0::numeric) over w + available_change as expected_available,
         lag(frozen_after, 1, 0::numeric) over w + frozen_change as expected_frozen
       from ledger_entry window w as (partition by user_id, currency, account order by id)) chained
     where available_after <> expected_available or frozen_after <> expected_frozen limit 20`,
  );
  for (const b of broken) findings.push(`ledger chain broken at entry ${b.id} (user ${b.user_id} ${b.currency} ${b.account})`);

  const unexplained = await db.query<{ user_id: number; currency: string; account: string }>(
    `select b.user_id, b.currency, b.account from balance b
     left join lateral (select available_after, frozen_after from ledger_entry l
       where l.user_id = b.user_id and l.currency = b.currency and l.account = b.account order by id desc limit 1) last on true
     where (b.available, b.frozen) <> (coalesce(last.available_after, 0), coalesce(last.frozen_after, 0)) limit 20`,
  );
  for (const u of unexplained) findings.push(`balance not explained by its ledger: user ${u.user_id} ${u.currency} ${u.account}`);

  const totals = await db.query<{ currency: string; held: string; crossed: string }>(
    `select c.symbol as currency,
       trim_scale(coalesce((select sum(available + frozen) from balance b where b.currency = c.symbol), 0))::text as held,
       trim_scale(coalesce((select sum(available_change + frozen_change) from ledger_entry l
         where l.currency = c.symbol and l.kind = any($1::text[])), 0))::text as crossed
     from currency c`,
    [CHAIN_BOUNDARY_KINDS],
  );
  for (const t of totals) if (t.held !== t.crossed) findings.push(`${t.currency}: accounts hold ${t.held} but ${t.crossed} crossed the chain`);

  const frozen = await db.query<{ currency: string; frozen: string; held: string }>(
    `select c.symbol as currency,
       trim_scale(coalesce((select sum(frozen) from balance b where b.currency = c.symbol), 0))::text as frozen,
       trim_scale(coalesce((select sum(o.frozen) from spot_order o where o.status in (1, 2)
         and ((o.side = 'buy' and o.right_symbol = c.symbol) or (o.side = 'sell' and o.left_symbol = c.symbol))), 0)
         + (${await withdrawalsHeldSql(db)}) + (${await secondsHeldSql(db)}) + (${await icoHeldSql(db)}) + (${await fiatHeldSql(db)}) + (${await futuresHeldSql(db)}))::text as held
     from currency c`,
  );
  for (const f of frozen) if (f.frozen !== f.held) findings.push(`${f.currency}: ${f.frozen} frozen but open orders and withdrawals hold ${f.held}`);
  findings.push(...(await futuresPoolFindings(db)));
  return findings;
}

/** Opening margin and fee held by open futures orders (USDT), once the futures tables exist. */
async function futuresHeldSql(db: Queryable): Promise<string> {
  const [table] = await db.query<{ name: string | null }>(`select to_regclass('futures_order')::text as name`);
  return table?.name ? `coalesce((select sum(f.held) from futures_order f where c.symbol = 'USDT' and f.status in (0, 1, 2, 4)), 0)` : '0';
}

/** The futures pool's USDT against Σ margin − Σ cost of the positions. */
async function futuresPoolFindings(db: Queryable): Promise<string[]> {
  const [table] = await db.query<{ name: string | null }>(`select to_regclass('futures_position')::text as name`);
  if (!table?.name) return [];
  const [row] = await db.query<{ pool: string; expected: string }>(
    `select trim_scale(coalesce((select b.available + b.frozen from balance b join app_user u on u.id = b.user_id
         where u.account = 'system:futures_pool' and b.currency = 'USDT' and b.account = 'contract'), 0))::text as pool,
       trim_scale(coalesce((select sum(margin - cost) from futures_position), 0))::text as expected`,
  );
  return row && row.pool !== row.expected ? [`futures pool holds ${row.pool} but positions' margin − cost is ${row.expected}`] : [];
}

/** Funds held by unfinished withdrawals (quantity + fee), once the wallet's table exists. */
async function withdrawalsHeldSql(db: Queryable): Promise<string> {
  const [table] = await db.query<{ name: string | null }>(`select to_regclass('withdrawal')::text as name`);
  return table?.name
    ? `coalesce((select sum(w.quantity + w.fee) from withdrawal w where w.currency = c.symbol and w.status in (1, 2)), 0)`
    : '0';
}

/** Stakes held by open seconds contracts (always USDT), once the seconds table exists. */
async function secondsHeldSql(db: Queryable): Promise<string> {
  const [table] = await db.query<{ name: string | null }>(`select to_regclass('seconds_second')::text as name`);
  // Open: the contract's second is not settled (and the contract was not settled before migration 018).
  return table?.name
    ? `coalesce((select sum(sc.stake) from seconds_second ss join seconds_contract sc
         on sc.left_symbol = ss.left_symbol and sc.right_symbol = ss.right_symbol and sc.expiry_second = ss.second
         where c.symbol = 'USDT' and ss.settled_ms is null and sc.settled_ms is null), 0)`
    : '0';
}

/**
 * What ICO subscriptions hold, once the ICO tables exist: the USDT paid into projects not settled
 * yet, and each project's allocated tokens not yet thawed (frozen in the holders' ico accounts).
 */
async function icoHeldSql(db: Queryable): Promise<string> {
  const [table] = await db.query<{ name: string | null }>(`select to_regclass('ico_subscription')::text as name`);
  return table?.name
    ? `coalesce((select sum(s.paid) from ico_subscription s join ico_project p on p.id = s.project_id
         where c.symbol = 'USDT' and p.settled_ms is null), 0)
       + coalesce((select sum(s.allocated - s.thawed) from ico_subscription s join ico_project p on p.id = s.project_id
         where p.symbol = c.symbol and p.settled_ms is not null), 0)`
    : '0';
}

/**
 * What P2P fiat holds, once its tables exist: the remaining of every online sell ad (frozen in the
 * advertiser's legal account) and the escrow of every unfinished order (frozen in the seller's).
 */
async function fiatHeldSql(db: Queryable): Promise<string> {
  const [table] = await db.query<{ name: string | null }>(`select to_regclass('fiat_order')::text as name`);
  return table?.name
    ? `coalesce((select sum(a.remaining) from fiat_ad a where a.crypto = c.symbol and a.side = 'sell' and a.status = 'online'), 0)
       + coalesce((select sum(o.quantity) from fiat_order o where o.crypto = c.symbol and o.status in ('unpaid', 'paid', 'appeal')), 0)`
    : '0';
}
