import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_PATHS, type ApiKeyCreated } from '../../domain/apiKeys.js';
import { SPOT_PATHS, type SpotOrder } from '../../domain/spotOrders.js';
import { TWO_FACTOR_PATHS } from '../../domain/twoFactor.js';
import { USERS_DESK_PATHS, USERS_EXPORT_MAX, type FreezeDone, type UserPage, type UsersDeskPage, type UsersExport } from '../../domain/usersDesk.js';
import { hashPassword } from '../../server/kernel/platform/auth/passwords.js';
import { setSecurityOutlet } from '../../server/kernel/platform/auth/securityNotices.js';
import { principalForToken, sessionCache } from '../../server/kernel/platform/auth/sessions.js';
import { requireWithdrawalAllowed } from '../../server/kernel/platform/auth/withdrawalLock.js';
import type { Revocation } from '../../server/kernel/platform/auth/sessionCache.js';
import { MESSAGES } from '../../server/kernel/platform/i18n/messages.js';
import { auditBooks } from '../../server/products/audit.js';
import { useFuzzApp } from './fuzz/fuzzApp.js';
import { expectOk, expectRefusal, post } from './http.js';
import { auditKindsAfter, auditMark, auditRowsAfter, deskOperator, nextCode, type TestOperator } from './support/operators.js';
import { createTestUser } from './support/users.js';

/**
 * Issue 51 §3, the users desk, on the server's whole composition (every product, as start.ts makes
 * them): search and export, a user's page, and each action with its audit row; a wrong or missing
 * operator code changes nothing; a frozen user's token, socket and API key are refused at once and
 * their resting spot order is cancelled with its funds back.
 */
const t = useFuzzApp();
const EN = MESSAGES.en_US!;
const PASSWORD = 'Desk-user-pass-2026';
let compliance: TestOperator;
let support: TestOperator;

/** Each operator's next code, after the one its enrolment took (the shared helper knows which step that was). */
const code = (op: TestOperator): Promise<string> => nextCode(t.app, op.secret);
/** A compliance operator of its own, so a test's codes never wait for the clock. */
const officer = () => deskOperator(t.app, t.operator, ['compliance']);

let made = 0;
async function user(extra: { nickname?: string; funded?: Record<string, string> } = {}) {
  const u = await createTestUser(t.db, { tag: `desk${++made}`, email: true, verified: false, passwordHash: await hashPassword(PASSWORD), ...extra });
  const [row] = await t.db.query<{ account: string }>('select account from app_user where id = $1', [u.id]);
  return { ...u, account: row!.account };
}

const act = (op: TestOperator, path: string, body: object) => post<unknown>(t.app, path, body, op.headers);

beforeAll(async () => {
  compliance = await officer();
  support = await deskOperator(t.app, t.operator, ['support']);
});

describe('search', () => {
  it('finds users by id, part of the account or nickname, and by state; pages; never lists operators', async () => {
    const a = await user({ nickname: 'Zebra-Desk' });
    const b = await user();
    const find = async (body: object) => expectOk(await post<UsersDeskPage>(t.app, USERS_DESK_PATHS.search, { page: 1, ...body }, support.headers));
    expect((await find({ text: String(a.id) })).list.map((r) => r.id)).toContain(a.id);
    expect((await find({ text: 'zebra-d' })).list.map((r) => r.id)).toEqual([a.id]);
    expect((await find({ text: a.account.slice(0, 12) })).list.map((r) => r.id)).toContain(a.id);
    const row = (await find({ text: a.account })).list[0]!;
    expect(row).toMatchObject({ id: a.id, account: a.account, nickname: 'Zebra-Desk', two_factor: false, frozen: false, name_status: 1, last_sign_in: 0 });
    expect((await find({ text: 'openex.test' })).list).toEqual([]);
    const paged = await find({ size: 1 });
    expect(paged.list).toHaveLength(1);
    expect(paged.total).toBeGreaterThanOrEqual(2);
    await t.db.query('update app_user set frozen_at = now(), frozen_reason = $2 where id = $1', [b.id, 'test']);
    const frozen = await find({ frozen: 'yes' });
    expect(frozen.list.map((r) => r.id)).toContain(b.id);
    expect(frozen.list.map((r) => r.id)).not.toContain(a.id);
    expect((await find({ frozen: 'no', text: b.account })).list).toEqual([]);
    expect((await find({ name_status: 3, text: a.account })).list).toEqual([]);
    expect((await find({ registered_from: Date.now() + 60_000 })).list).toEqual([]);
    await t.db.query(`insert into login_history (user_id, ip, user_agent, result) values ($1, '10.0.0.1', 'x', 'success')`, [a.id]);
    const signedIn = await find({ signed_in_from: Date.now() - 60_000, text: 'desk' });
    expect(signedIn.list.map((r) => r.id)).toEqual([a.id]);
    expect(signedIn.list[0]!.last_sign_in).toBeGreaterThan(0);
    await t.db.query('update app_user set frozen_at = null where id = $1', [b.id]);
    expectRefusal(await post(t.app, USERS_DESK_PATHS.search, { page: 0 }, support.headers), 400);
    expectRefusal(await post(t.app, USERS_DESK_PATHS.search, { page: 1, frozen: 'maybe' }, support.headers), 400);
  });

  it('exports the result as CSV in the envelope, formulas defused, and audits the export', async () => {
    const evil = await user({ nickname: '=HYPERLINK("x")' });
    const mark = await auditMark(t.db);
    const exported = expectOk(await post<UsersExport>(t.app, USERS_DESK_PATHS.export, { text: evil.account }, support.headers));
    expect(exported.rows).toBe(1);
    const [header, line] = exported.csv.trim().split('\r\n');
    expect(header).toBe('id,account,nickname,email,phone,name_status,two_factor,frozen,registered,last_sign_in');
    expect(line).toContain(`"'=HYPERLINK(""x"")"`);
    const rows = await auditRowsAfter(t.db, mark);
    expect(rows).toEqual([expect.objectContaining({ kind: 'users.export', operator_id: support.id, outcome: 'done', after: { filters: { text: evil.account }, rows: 1 } })]);
  });

  it('an export past its row limit is refused, and the refusal is on record with the filters asked', async () => {
    // More matching accounts than an export may carry (USERS_EXPORT_MAX), made in one statement.
    await t.db.query(`insert into app_user (account) select 'bulk-export-' || n || '@example.org' from generate_series(1, $1::int) n`, [USERS_EXPORT_MAX + 1]);
    const mark = await auditMark(t.db);
    expectRefusal(await post(t.app, USERS_DESK_PATHS.export, { text: 'bulk-export-' }, support.headers), 400);
    expect(await auditRowsAfter(t.db, mark)).toEqual([expect.objectContaining({ kind: 'users.export', operator_id: support.id, outcome: 'refused', after: { filters: { text: 'bulk-export-' } } })]);
  });
});

describe("a user's page", () => {
  it('shows profile, balances of every account with frozen amounts, orders, sessions, keys and notes', async () => {
    const who = await user({ funded: { USDT: '500' } });
    const order = expectOk(await post<SpotOrder>(t.app, SPOT_PATHS.place, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '1000', quantity: '0.01' }, { ...who.headers, 'idempotency-key': `users-page-${who.id}` }));
    expectOk(await act(compliance, USERS_DESK_PATHS.note, { user_id: who.id, body: 'Called in about a lost phone' }));
    // A deposit still confirming: the page says how far ("Confirming 3/12"), as the wallet does.
    await t.db.query(
      `insert into deposit (user_id, currency, network, address, quantity, tx_hash, confirmations, confirmations_required, status, created_ms, updated_ms)
       values ($1, 'USDT', 'TRC20', 'Tdesk', 25, $2, 3, 12, 2, 1, 1)`,
      [who.id, `0xdesk${who.id}`],
    );
    // A paused recurring plan (as the recurring product writes one).
    await t.db.query(
      `insert into recurring_plan (user_id, left_symbol, right_symbol, amount, frequency, status, anchor_ms, next_run_ms, created_ms, runs, failures_in_a_row)
       values ($1, 'BTC', 'USDT', 50, 'weekly', 'paused', 1, 2, 1, 3, 3)`,
      [who.id],
    );
    const page = expectOk(await post<UserPage>(t.app, USERS_DESK_PATHS.user, { user_id: who.id }, support.headers));
    expect(page.sections.recurring_plans).toEqual([expect.objectContaining({ symbol: 'BTC_USDT', amount: '50', frequency: 'weekly', status: 'paused', failures_in_a_row: 3, next_run_at: null })]);
    expect(page.profile).toMatchObject({ id: who.id, account: who.account, frozen: false, two_factor: false });
    expect(page.balances).toContainEqual({ account: 'spot', currency: 'USDT', available: '490', frozen: '10' });
    expect(page.sections.spot_orders).toEqual([expect.objectContaining({ id: order.id, symbol: 'BTC_USDT', side: 'buy', frozen: '10' })]);
    expect(page.sections.sessions).toHaveLength(1);
    expect(page.sections.deposits).toEqual([expect.objectContaining({ tx_hash: `0xdesk${who.id}`, quantity: '25', status: 2, confirmations: 3, confirmations_required: 12 })]);
    expect(page.notes).toEqual([expect.objectContaining({ body: 'Called in about a lost phone', operator_account: compliance.account })]);
    // The ledger, newest first: support answers "where did my money go" from it (the order's freeze is the newest entry).
    expect(page.sections.ledger![0]).toMatchObject({ account: 'spot', currency: 'USDT', kind: expect.any(String), available_change: '-10', frozen_change: '10', available_after: '490', frozen_after: '10' });
    expect(page.sections.ledger!.length).toBeGreaterThanOrEqual(2);
    for (const section of ['futures_positions', 'seconds_contracts', 'p2p_orders', 'p2p_ads', 'ico_subscriptions', 'deposits', 'withdrawals', 'sign_ins', 'devices', 'api_keys', 'spot_stops'] as const)
      expect(Array.isArray(page.sections[section])).toBe(true);
    expectRefusal(await post(t.app, USERS_DESK_PATHS.user, { user_id: 999_999_999 }, support.headers), 400, EN.usersDeskNoUser);
    // An operator is no user.
    expectRefusal(await post(t.app, USERS_DESK_PATHS.user, { user_id: support.id }, support.headers), 400, EN.usersDeskNoUser);
  });
});

describe('permissions', () => {
  it('lets support read but refuses it every action, with data.permission and a refused audit row', async () => {
    const who = await user();
    const mark = await auditMark(t.db);
    const tries: Array<[string, object, string]> = [
      [USERS_DESK_PATHS.freeze, { user_id: who.id, reason: 'x', code: '123456' }, 'users.freeze'],
      [USERS_DESK_PATHS.identity, { user_id: who.id, reason: 'x', code: '123456', name_status: 3 }, 'users.freeze'],
      [USERS_DESK_PATHS.endSessions, { user_id: who.id, reason: 'x', code: '123456' }, 'users.security'],
      [USERS_DESK_PATHS.note, { user_id: who.id, body: 'x' }, 'users.notes'],
    ];
    for (const [path, body, permission] of tries) {
      const answer = await post<{ permission: string }>(t.app, path, body, support.headers);
      expect(answer.body.code).toBe(403);
      expect(answer.body.data).toEqual({ permission });
    }
    expect(await auditKindsAfter(t.db, mark)).toEqual(tries.map(() => ['access.refused', 'refused']));
    const [row] = await t.db.query<{ frozen: boolean }>('select frozen_at is not null as frozen from app_user where id = $1', [who.id]);
    expect(row!.frozen).toBe(false);
  });
});

async function apiKeyOf(token: string): Promise<ApiKeyCreated> {
  return expectOk(await post<ApiKeyCreated>(t.app, API_KEY_PATHS.create, { label: 'bot', permissions: ['read', 'trade'], ip_allowlist: [] }, { token }));
}

async function binanceAccount(key: ApiKeyCreated) {
  const query = new URLSearchParams({ timestamp: String(Date.now()) }).toString();
  const signature = createHmac('sha256', key.secret).update(query).digest('hex');
  return t.app.inject({ method: 'GET', url: `/api/v3/account?${query}&signature=${signature}`, headers: { 'x-mbx-apikey': key.api_key } });
}

describe('freeze and unfreeze', () => {
  it('refuses the token, the socket and the API key at once, cancels the resting order with its funds back, and refuses sign-in with the reason', async () => {
    const op = await officer();
    const op2 = await officer();
    const who = await user({ funded: { USDT: '500' } });
    const key = await apiKeyOf(who.token);
    expect((await binanceAccount(key)).statusCode).toBe(200);
    const order = expectOk(await post<SpotOrder>(t.app, SPOT_PATHS.place, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '1000', quantity: '0.02' }, { ...who.headers, 'idempotency-key': `users-freeze-${who.id}` }));
    const stopOrder = expectOk(
      await post<{ id: number; status: number }>(t.app, SPOT_PATHS.stopPlace, { symbol: 'BTC_USDT', side: 'buy', trigger_price: '9000000', price: '9000000', quantity: '0.00001' }, { ...who.headers, 'idempotency-key': `users-stop-${who.id}` }),
    );
    expect(stopOrder.status).toBe(1);
    expect(await principalForToken(t.db, who.token)).toEqual({ id: who.id, kind: 'user' });
    const heard: Revocation[] = [];
    const stop = sessionCache.onRevoked((r) => heard.push(r));
    const mark = await auditMark(t.db);
    const done = expectOk(await post<FreezeDone>(t.app, USERS_DESK_PATHS.freeze, { user_id: who.id, reason: 'Reported stolen', code: await code(op) }, op.headers));
    stop();
    expect(done).toMatchObject({ sessions_ended: 1, api_keys_suspended: 1, released: { spot_orders: 1, spot_stops: 1 }, failed: [] });
    // The token: refused by the next call; the gateway's sockets heard the user's revocation (they leave the private channel).
    expectRefusal(await post(t.app, SPOT_PATHS.current, { page: 1 }, who.headers), 403);
    expect(await principalForToken(t.db, who.token)).toBeUndefined();
    expect(heard).toContainEqual({ userId: who.id });
    // The API key, within the key cache's time: refused.
    const refused = await binanceAccount(key);
    expect(refused.statusCode).not.toBe(200);
    // The order: cancelled, its 20 USDT back.
    const [o] = await t.db.query<{ status: number }>('select status from spot_order where id = $1', [order.id]);
    expect(o!.status).toBe(4);
    const [b] = await t.db.query<{ available: string; frozen: string }>(`select trim_scale(available)::text as available, trim_scale(frozen)::text as frozen from balance where user_id = $1 and currency = 'USDT' and account = 'spot'`, [who.id]);
    expect(b).toEqual({ available: '500', frozen: '0' });
    const [st] = await t.db.query<{ status: number }>('select status from spot_stop where id = $1', [stopOrder.id]);
    expect(st!.status).toBe(3);
    // A withdrawal (were a session or a script to reach the wallet) is refused too.
    await expect(requireWithdrawalAllowed(t.db, who.id, { currency: 'USDT', network: 'TRC20', address: 'T' }, Date.now())).rejects.toMatchObject({ key: 'accountFrozen' });
    // One audit row, before and after.
    const rows = await auditRowsAfter(t.db, mark);
    expect(rows).toEqual([expect.objectContaining({ kind: 'users.freeze', object_type: 'user', object_id: String(who.id), outcome: 'done', detail: 'Reported stolen', before: { frozen: false } })]);
    // Sign-in: refused with the reason, in the user's language.
    const signIn = await post(t.app, '/api/login', { account: who.account, password: PASSWORD });
    expectRefusal(signIn, 400, EN.accountFrozen.replace('{reason}', 'Reported stolen'));
    const de = await post(t.app, '/api/login', { account: who.account, password: PASSWORD }, { lang: 'de_DE' });
    expect(de.body.msg).toBe(MESSAGES.de_DE!.accountFrozen.replace('{reason}', 'Reported stolen'));
    // A second freeze is refused and audited as refused.
    const again = await post(t.app, USERS_DESK_PATHS.freeze, { user_id: who.id, reason: 'again', code: await code(op) }, op.headers);
    expectRefusal(again, 400, EN.usersDeskAlreadyFrozen);

    // Unfreeze: sign-in works again; the old key stays revoked.
    expectOk(await act(op2, USERS_DESK_PATHS.unfreeze, { user_id: who.id, reason: 'Owner proved identity', code: await code(op2) }));
    const back = expectOk(await post<{ token: string }>(t.app, '/api/login', { account: who.account, password: PASSWORD }));
    expect(back.token).toBeTruthy();
    expect((await binanceAccount(key)).statusCode).not.toBe(200);
    expect(await auditKindsAfter(t.db, mark)).toEqual([
      ['users.freeze', 'done'],
      ['users.freeze', 'refused'],
      ['users.unfreeze', 'done'],
    ]);
  });

  it('changes nothing on a wrong or missing code, or an empty reason, and audits the refusal', async () => {
    const op = await officer();
    const who = await user();
    const mark = await auditMark(t.db);
    const wrong = String((Number(await code(op)) + 1) % 1_000_000).padStart(6, '0');
    const answers = [
      await post(t.app, USERS_DESK_PATHS.freeze, { user_id: who.id, reason: 'x', code: wrong }, op.headers),
      await post(t.app, USERS_DESK_PATHS.freeze, { user_id: who.id, reason: 'x' }, op.headers),
      await post(t.app, USERS_DESK_PATHS.freeze, { user_id: who.id, reason: '   ', code: '123456' }, op.headers),
      await post(t.app, USERS_DESK_PATHS.endSessions, { user_id: who.id, reason: 'x' }, op.headers),
    ];
    for (const answer of answers) expectRefusal(answer, 400);
    expect(answers[2]!.body.msg).toBe(EN.usersDeskReasonRequired);
    expectRefusal(await post(t.app, USERS_DESK_PATHS.freeze, { user_id: who.id, code: '123456' }, op.headers), 400);
    const [row] = await t.db.query<{ frozen: boolean }>('select frozen_at is not null as frozen from app_user where id = $1', [who.id]);
    expect(row!.frozen).toBe(false);
    expect(await principalForToken(t.db, who.token)).toEqual({ id: who.id, kind: 'user' });
    expect(await auditKindsAfter(t.db, mark)).toEqual([
      ['users.freeze', 'refused'],
      ['users.freeze', 'refused'],
      ['users.freeze', 'refused'],
      ['users.end_sessions', 'refused'],
    ]);
  });
});

describe('the other actions', () => {
  it('ends sessions, suspends keys, changes the identity level and adds notes, each with one audit row', async () => {
    const op = await officer();
    const who = await user();
    const key = await apiKeyOf(who.token);
    const op2 = await officer();
    const mark = await auditMark(t.db);
    expect(expectOk(await act(op, USERS_DESK_PATHS.endSessions, { user_id: who.id, reason: 'Suspicious sign-in', code: await code(op) }))).toEqual({ sessions_ended: 1 });
    expect(await principalForToken(t.db, who.token)).toBeUndefined();
    expect(expectOk(await act(op, USERS_DESK_PATHS.suspendKeys, { user_id: who.id, reason: 'Leaked key', code: await code(op) }))).toEqual({ api_keys_suspended: 1 });
    expect((await binanceAccount(key)).statusCode).not.toBe(200);
    expectOk(await act(op2, USERS_DESK_PATHS.identity, { user_id: who.id, reason: 'Documents checked by phone', code: await code(op2), name_status: 3 }));
    expectRefusal(await act(op2, USERS_DESK_PATHS.identity, { user_id: who.id, reason: 'again', code: await code(op2), name_status: 3 }), 400, EN.usersDeskSameLevel);
    expectOk(await act(op2, USERS_DESK_PATHS.note, { user_id: who.id, body: 'Second note' }));
    expectRefusal(await act(op2, USERS_DESK_PATHS.note, { user_id: who.id, body: '  ' }), 400, EN.usersDeskNoteRequired);
    const rows = await auditRowsAfter(t.db, mark);
    expect(rows.map((r) => [r.kind, r.outcome])).toEqual([
      ['users.end_sessions', 'done'],
      ['users.suspend_keys', 'done'],
      ['users.identity', 'done'],
      ['users.identity', 'refused'],
      ['users.note', 'done'],
      ['users.note', 'refused'],
    ]);
    expect(rows[2]).toMatchObject({ before: { name_status: 1 }, after: { name_status: 3 }, detail: 'Documents checked by phone' });
    await expect(t.db.query(`update operator_user_note set body = 'edited' where user_id = $1`, [who.id])).rejects.toThrow(/add-only/);
  });

  it('resets 2FA with the operator code: sessions end, the new audit log has the row', async () => {
    const mails: Array<{ userId: number; kind: string }> = [];
    setSecurityOutlet({ mail: async (userId, notice) => void mails.push({ userId, kind: notice.kind }), push: () => undefined });
    const op = await officer();
    const who = await user();
    await t.db.query(`insert into user_two_factor (user_id, secret, enabled) values ($1, 'JBSWY3DPEHPK3PXP', true)`, [who.id]);
    const mark = await auditMark(t.db);
    expectRefusal(await act(op, TWO_FACTOR_PATHS.operatorReset, { user_id: who.id, reason: 'Lost phone' }), 400);
    const done = expectOk(await act(op, TWO_FACTOR_PATHS.operatorReset, { user_id: who.id, reason: 'Lost phone', code: await code(op) })) as { withdrawals_locked_until: number };
    expect(done.withdrawals_locked_until).toBeGreaterThan(Date.now());
    expect(await principalForToken(t.db, who.token)).toBeUndefined();
    const rows = await auditRowsAfter(t.db, mark);
    expect(rows.map((r) => [r.kind, r.outcome])).toEqual([
      ['users.reset_2fa', 'refused'],
      ['users.reset_2fa', 'done'],
    ]);
    expect(rows[1]).toMatchObject({ before: { two_factor: true }, after: { two_factor: false }, detail: 'Lost phone' });
    // The user is told in the app and by email (the accounts product's outlet; here a recorder).
    const [notice] = await t.db.query<{ kind: string }>(`select kind from notification where user_id = $1 and kind = 'two_factor_reset'`, [who.id]);
    expect(notice).toEqual({ kind: 'two_factor_reset' });
    await expect.poll(() => mails).toContainEqual({ userId: who.id, kind: 'two_factor_reset' });
    // Withdrawals are held 24 hours; 2FA is off now, so a second reset is refused; an unknown user too.
    expect(done.withdrawals_locked_until).toBeGreaterThanOrEqual(Date.now() + 24 * 3_600_000 - 60_000);
    expectRefusal(await act(op, TWO_FACTOR_PATHS.operatorReset, { user_id: who.id, reason: 'again', code: await code(op) }), 400, EN.twoFactorNotOn);
    const op2 = await officer();
    expectRefusal(await act(op2, TWO_FACTOR_PATHS.operatorReset, { user_id: 999_999_999, reason: 'x', code: await code(op2) }), 400, EN.notFound);
  });
});

describe('the books', () => {
  it('still balance after every freeze and release', async () => {
    expect(await auditBooks(t.db)).toEqual([]);
  });
});
