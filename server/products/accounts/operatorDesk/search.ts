import type { NameStatus } from '../../../../domain/api.js';
import { USERS_EXPORT_MAX, type TriState, type UsersDeskPage, type UsersDeskRow, type UsersQuery } from '../../../../domain/usersDesk.js';
import type { Queryable } from '../../../kernel/platform/db/database.js';
import { refuse, type Outcome } from '../../../kernel/platform/outcome.js';
import { csvText } from '../../../kernel/platform/http/csv.js';
import './messages.js';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The newest successful sign-in, per user (login_history, the partial index of migration 042). */
const LAST_SIGN_IN = `(select max(h.at) from login_history h where h.user_id = u.id and h.result = 'success')`;

/** The search's where clause: users (never operators, makers or system accounts) that match every given filter. */
function where(query: UsersQuery): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const add = (value: unknown) => `$${params.push(value)}`;
  const parts = [`u.kind = 'user'`];
  const text = (query.text ?? '').trim();
  if (/^\d{1,15}$/.test(text)) {
    // Digits: the id itself, or part of a phone number or account.
    const like = add(`%${text}%`);
    parts.push(`(u.id = ${add(Number(text))} or u.phone like ${like} or u.account like ${like} or u.email like ${like})`);
  } else if (text) {
    const like = add(`%${escapeLike(text)}%`);
    parts.push(`(u.account ilike ${like} or u.email ilike ${like} or u.phone ilike ${like} or u.nickname ilike ${like})`);
  }
  if (query.name_status !== undefined) parts.push(`u.name_status = ${add(query.name_status)}`);
  const tri = (value: TriState | undefined, sql: string) => {
    if (value === 'yes') parts.push(sql);
    else if (value === 'no') parts.push(`not (${sql})`);
  };
  tri(query.two_factor, `coalesce((select t.enabled from user_two_factor t where t.user_id = u.id), false)`);
  tri(query.frozen, `u.frozen_at is not null`);
  const ms = (value: number) => `to_timestamp(${add(value)}::double precision / 1000)`;
  if (query.registered_from !== undefined) parts.push(`u.created_at >= ${ms(query.registered_from)}`);
  if (query.registered_to !== undefined) parts.push(`u.created_at < ${ms(query.registered_to)}`);
  if (query.signed_in_from !== undefined) parts.push(`${LAST_SIGN_IN} >= ${ms(query.signed_in_from)}`);
  if (query.signed_in_to !== undefined) parts.push(`${LAST_SIGN_IN} < ${ms(query.signed_in_to)}`);
  return { sql: parts.join(' and '), params };
}

const COLUMNS = `u.id, u.account, u.nickname, u.email, u.phone, u.name_status,
  coalesce((select t.enabled from user_two_factor t where t.user_id = u.id), false) as two_factor,
  u.frozen_at is not null as frozen, (extract(epoch from u.created_at) * 1000)::bigint as created_at,
  coalesce((extract(epoch from ${LAST_SIGN_IN}) * 1000)::bigint, 0) as last_sign_in`;

type Raw = Omit<UsersDeskRow, 'id' | 'created_at' | 'last_sign_in' | 'name_status'> & { id: string; created_at: string; last_sign_in: string; name_status: number };

const toRow = (r: Raw): UsersDeskRow => ({
  ...r,
  id: Number(r.id),
  name_status: Number(r.name_status) as NameStatus,
  created_at: Number(r.created_at),
  last_sign_in: Number(r.last_sign_in),
});

/** A page of the users the filters find, newest first. */
export async function searchUsers(db: Queryable, query: UsersQuery, page: number, size: number): Promise<UsersDeskPage> {
  const { sql, params } = where(query);
  const rows = await db.query<Raw>(`select ${COLUMNS} from app_user u where ${sql} order by u.id desc limit ${size} offset ${(page - 1) * size}`, params);
  const [count] = await db.query<{ total: number }>(`select count(*)::int as total from app_user u where ${sql}`, params);
  return { list: rows.map(toRow), total: Number(count?.total ?? 0), page, size };
}

const CSV_HEADER = ['id', 'account', 'nickname', 'email', 'phone', 'name_status', 'two_factor', 'frozen', 'registered', 'last_sign_in'] as const;

const iso = (ms: number) => (ms > 0 ? new Date(ms).toISOString() : '');

/** The users the filters find as CSV, oldest first, or a refusal past USERS_EXPORT_MAX rows. */
export async function exportUsers(db: Queryable, query: UsersQuery): Promise<Outcome<{ csv: string; rows: number }>> {
  const { sql, params } = where(query);
  const rows = (await db.query<Raw>(`select ${COLUMNS} from app_user u where ${sql} order by u.id limit ${USERS_EXPORT_MAX + 1}`, params)).map(toRow);
  if (rows.length > USERS_EXPORT_MAX) return refuse('usersDeskExportTooMany', { max: String(USERS_EXPORT_MAX) });
  const lines = rows.map((r) => [r.id, r.account, r.nickname, r.email, r.phone, r.name_status, r.two_factor, r.frozen, iso(r.created_at), iso(r.last_sign_in)]);
  return { ok: true, data: { csv: csvText(CSV_HEADER, lines), rows: rows.length } };
}
