import type { NameStatus } from '../../../../domain/api.js';
import { USER_SECTIONS, type DeskBalance, type DeskNote, type UserPage, type UserSection, type UsersDeskRow } from '../../../../domain/usersDesk.js';
import type { Queryable } from '../../../kernel/platform/db/database.js';

/** Rows a section of a user's page shows at most, newest first. */
const SECTION_ROWS = 50;
const n = (column: string) => `trim_scale(${column})::text`;
const ms = (column: string) => `(${column})::float8`;
const ts = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;

/** A section: the table it reads (skipped on a database without it, or without one of `also`) and its query, $1 the user's id. */
interface Section {
  table: string;
  also?: string[];
  sql: string;
}

/** A section over one table's rows of the user, newest first unless `order` says otherwise: the table named once for the check and the query. */
const userRows = (table: string, columns: string, { where = 'user_id = $1', order = 'id desc' } = {}): Section => ({
  table,
  sql: `select ${columns} from ${table} where ${where} order by ${order}`,
});

/**
 * What the other products hold for one user, for an operator to read (issue 51 §3). Products never
 * import each other, and none of them offers an operator read of its rows; so each section here is
 * one read-only query over the product's own table — the same coupling the ledger audit's
 * `heldFunds` declarations already accept (a SQL expression over a product's table, counted once
 * the table exists). Each section names its table and is skipped on a database without it. Nothing
 * here writes; the products' rules stay theirs.
 */
const SECTIONS: Record<UserSection, Section> = {
  spot_orders: userRows(
    'spot_order',
    `id::int, left_symbol || '_' || right_symbol as symbol, side, type, ${n('price')} as price, ${n('quantity')} as quantity,
      ${n('filled')} as filled, ${n('frozen')} as frozen, status, ${ms('created_ms')} as created_at`,
    { where: 'user_id = $1 and status in (1, 2)' },
  ),
  spot_stops: userRows(
    'spot_stop',
    `id::int, left_symbol || '_' || right_symbol as symbol, side, ${n('trigger_price')} as trigger_price, ${n('price')} as price,
      ${n('quantity')} as quantity, ${n('frozen')} as frozen, status, ${ms('created_ms')} as created_at`,
    { where: 'user_id = $1 and status in (1, 2)' },
  ),
  futures_positions: userRows(
    'futures_position',
    `left_symbol || '_' || right_symbol as symbol, side, ${n('quantity')} as quantity, ${n('cost')} as cost, ${n('margin')} as margin,
      margin_mode, leverage, ${n('realised')} as realised, ${ms('updated_ms')} as updated_at`,
    { where: 'user_id = $1 and quantity > 0', order: 'updated_ms desc' },
  ),
  seconds_contracts: userRows(
    'seconds_contract',
    `id::int, left_symbol || '_' || right_symbol as symbol, direction, period_s, ${n('stake')} as stake, status, outcome,
      ${n('profit')} as profit, ${ms('accepted_ms')} as created_at`,
  ),
  p2p_orders: userRows(
    'fiat_order',
    `id::int, order_no, case when buyer_id = $1 then 'buy' else 'sell' end as side, crypto, fiat, ${n('quantity')} as quantity,
      ${n('amount')} as amount, status, ${ms('created_ms')} as created_at`,
    { where: 'buyer_id = $1 or seller_id = $1' },
  ),
  p2p_ads: userRows('fiat_ad', `id::int, side, crypto, fiat, ${n('total')} as total, ${n('remaining')} as remaining, status, ${ms('created_ms')} as created_at`),
  // Two tables: the project's symbol beside the subscription.
  ico_subscriptions: {
    table: 'ico_subscription',
    sql: `select s.project_id::int as project_id, p.symbol, ${n('s.quantity')} as quantity, ${n('s.paid')} as paid, ${n('s.allocated')} as allocated,
      ${n('s.refund')} as refund, ${ms('s.first_ms')} as created_at
      from ico_subscription s join ico_project p on p.id = s.project_id where s.user_id = $1 order by s.first_ms desc`,
  },
  // Plans that buy for the user on a schedule (server/products/recurring): "why did my USDT go every Monday".
  recurring_plans: userRows(
    'recurring_plan',
    `id::int, left_symbol || '_' || right_symbol as symbol, ${n('amount')} as amount, frequency, status, runs, failures_in_a_row,
      ${n('spent')} as spent, ${n('bought')} as bought, case when status = 'active' then ${ms('next_run_ms')} end as next_run_at, ${ms('created_ms')} as created_at`,
  ),
  deposits: userRows(
    'deposit',
    `id::int, currency, network, ${n('quantity')} as quantity, tx_hash, status, confirmations, confirmations_required, ${ms('created_ms')} as created_at`,
  ),
  withdrawals: userRows('withdrawal', `id::int, currency, network, address, ${n('quantity')} as quantity, ${n('fee')} as fee, status, ${ms('created_ms')} as created_at`),
  // Every balance change, newest first: what support reads to answer "where did my money go". A
  // balance correction's entries carry its reason and who proposed and approved it (the wallet's
  // balance_correction row, ref_type 'correction'), since "an operator changed it" is the question.
  ledger: {
    table: 'ledger_entry',
    also: ['balance_correction'],
    sql: `select l.id::int, l.account, l.currency, l.kind, ${n('l.available_change')} as available_change, ${n('l.frozen_change')} as frozen_change,
      ${n('l.available_after')} as available_after, ${n('l.frozen_after')} as frozen_after, l.ref_type, l.ref_id::text as ref_id, ${ts('l.created_at')} as created_at,
      c.reason as correction_reason, c.reference as correction_reference, p.account as correction_proposed_by, d.account as correction_approved_by
      from ledger_entry l
      left join balance_correction c on l.ref_type = 'correction' and c.id = l.ref_id
      left join app_user p on p.id = c.proposed_by
      left join app_user d on d.id = c.decided_by
      where l.user_id = $1 order by l.id desc`,
  },
  sign_ins: userRows('login_history', `${ts('at')} as at, ip, user_agent, result`),
  sessions: userRows(
    'session_token',
    `id::int, ip, user_agent, ${ts('created_at')} as created_at, ${ts('last_seen_at')} as last_seen_at, ${ts('expires_at')} as expires_at`,
    { where: 'user_id = $1 and revoked_at is null and expires_at > now()' },
  ),
  devices: userRows('login_device', `left(device_hash, 12) as device, ${ts('first_seen')} as first_seen_at, ${ts('last_seen')} as last_seen_at`, { order: 'last_seen desc' }),
  api_keys: userRows(
    'api_key',
    `id::int, label, array_to_string(permissions, ' ') as permissions, array_to_string(ip_allowlist, ' ') as ip_allowlist,
      ${ms('created_ms')} as created_at, ${ms('last_used_ms')} as last_used_at, revoked_ms is not null as revoked, ${ms('revoked_ms')} as revoked_at`,
  ),
};

type Row = Record<string, string | number | boolean | null>;

/** A user's page (users.read), or undefined for no such user. */
export async function userPage(db: Queryable, userId: number): Promise<UserPage | undefined> {
  const [profile] = await db.query<Row>(
    `select u.id::int as id, u.account, u.nickname, u.email, u.phone, u.area_code, u.name_status,
       coalesce((select t.enabled from user_two_factor t where t.user_id = u.id), false) as two_factor,
       u.frozen_at is not null as frozen, u.frozen_reason, coalesce(${ts('u.frozen_at')}, 0) as frozen_at,
       ${ts('u.created_at')} as created_at, u.withdrawals_locked_until_ms::float8 as withdrawals_locked_until,
       coalesce((select ${ts('max(h.at)')} from login_history h where h.user_id = u.id and h.result = 'success'), 0) as last_sign_in
     from app_user u where u.id = $1 and u.kind = 'user'`,
    [userId],
  );
  if (!profile) return undefined;
  const present = new Set(
    (await db.query<{ name: string }>(`select c.relname as name from pg_class c where c.relname = any($1) and pg_table_is_visible(c.oid)`, [Object.values(SECTIONS).flatMap((s) => [s.table, ...(s.also ?? [])])])).map(
      (r) => r.name,
    ),
  );
  const sections = {} as Record<UserSection, Row[]>;
  for (const name of USER_SECTIONS) {
    const section = SECTIONS[name];
    sections[name] = [section.table, ...(section.also ?? [])].every((table) => present.has(table)) ? await db.query<Row>(`${section.sql} limit ${SECTION_ROWS}`, [userId]) : [];
  }
  const [identity] = await db.query<{ real_name: string; status: number; reason: string; at: number }>(
    `select real_name, status, reason, ${ts('created_at')} as at from kyc_submission where user_id = $1 order by id desc limit 1`,
    [userId],
  );
  const balances = await db.query<DeskBalance>(
    `select account, currency, ${n('available')} as available, ${n('frozen')} as frozen from balance
     where user_id = $1 and (available <> 0 or frozen <> 0) order by account, currency`,
    [userId],
  );
  const notes = await db.query<DeskNote>(
    `select id::int, operator_account, body, ${ts('at')} as at from operator_user_note where user_id = $1 order by id desc limit ${SECTION_ROWS}`,
    [userId],
  );
  const p = profile as unknown as UserPage['profile'];
  return {
    profile: { ...p, name_status: Number(p.name_status) as NameStatus, withdrawals_locked_until: Number(p.withdrawals_locked_until) > Date.now() ? Number(p.withdrawals_locked_until) : 0 } satisfies UsersDeskRow & UserPage['profile'],
    identity: identity ?? null,
    balances,
    sections,
    notes,
  };
}
