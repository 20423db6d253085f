import type { FastifyInstance } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kyc, KYC_PHOTO_MAX_BYTES, KYC_SUBMISSIONS_PER_DAY } from '../../server/products/kyc/kyc.js';
import { ensureOperator } from '../../server/products/operator/operators.js';
import { openSession } from '../../server/kernel/platform/auth/sessions.js';
import type { Database } from '../../server/kernel/platform/db/database.js';
import { buildApp } from './buildApp.js';
import { MESSAGES } from '../../server/kernel/platform/i18n/messages.js';
import { databaseFiatRates } from '../../server/products/markets/fiatRates.js';
import { expectOk, expectRefusal, get, post } from './http.js';
import { openTestDatabase } from './testDb.js';
import { OPERATOR_SECRET, operatorCode, signInOperator } from './support/operators.js';
import { signInOperatorWith2fa } from './support/productTestbed.js';
import type { UserStreamMessage } from '../../domain/spotOrders.js';
import { KYC_QUEUE_PAGE_MAX, KYC_QUEUE_PAGE_SIZE, type KycQueuePage } from '../../domain/kyc.js';

let db: Database;
let app: FastifyInstance;
let dataDir: string;
let operatorToken: string;
/** A second reviewer (OPERATOR_SECRET too, codes used up on its own row) whose reviews run on `reviewClock`, clear of the sign-ins' real-time steps. */
let reviewerToken: string;
const pushed: Array<{ userId: number; message: UserStreamMessage }> = [];
const EN = MESSAGES.en_US;
const JA = MESSAGES.ja_JP;

// The smallest valid PNG and JPEG headers are enough: the server checks signatures, not pixels.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');
const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;
const photos = { front: dataUrl('image/png', PNG), back: dataUrl('image/jpeg', JPEG) };
const submission = (over: Record<string, unknown> = {}) => ({ name: 'Ada Lovelace', id_number: 'X1234567', ...photos, ...over });

let userCount = 0;
async function newUser(): Promise<{ id: number; token: string; headers: Record<string, string> }> {
  const [row] = await db.query<{ id: number }>(`insert into app_user (account) values ($1) returning id`, [`kyc-${++userCount}-${Date.now()}@example.org`]);
  const token = await openSession(db, Number(row!.id));
  return { id: Number(row!.id), token, headers: { token } };
}
/**
 * The reviewer's 2FA code (a review asks it): the review's clock moves a step on for each, clear of
 * the real-time steps the sign-in used, so no code is a replay of an earlier one.
 */
let reviewClock = Date.now();
const reviewCode = () => {
  reviewClock = Math.max(reviewClock, Date.now() + 60_000) + 30_000;
  return operatorCode(OPERATOR_SECRET, reviewClock);
};
const nameStatus = async (id: number) => Number((await db.query<{ name_status: number }>('select name_status from app_user where id = $1', [id]))[0]!.name_status);

beforeAll(async () => {
  db = await openTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'openex-kyc-'));
  app = await buildApp({ db, rates: databaseFiatRates(db), kyc: kyc({ db, dataDir, now: () => reviewClock, feed: { balancesChanged: () => undefined, ordersCommitted: () => undefined, message: (userId, message) => void pushed.push({ userId, message: message as UserStreamMessage }) } }) });
  await ensureOperator(db, 'Reviewer@OpenEx.test', 'Operator2026', OPERATOR_SECRET);
  operatorToken = await signInOperator(app, { account: 'reviewer@openex.test', password: 'Operator2026', secret: OPERATOR_SECRET });
  reviewerToken = await signInOperatorWith2fa(db, 'second-reviewer@openex.test');
});
afterAll(async () => {
  await app.close();
  await db.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('identity endpoints need a user token', () => {
  it('answers body code 403 without a token, with a bad one, and with an operator token', async () => {
    for (const headers of [{}, { token: 'nope' }, { token: operatorToken }] as Array<Record<string, string>>) {
      expectRefusal(await post(app, '/api/identity/submit', submission(), headers), 403, EN.notLoggedIn);
      expectRefusal(await post(app, '/api/identity/status', {}, headers), 403, EN.notLoggedIn);
    }
    expectRefusal(await get(app, '/api/identity/photo/1/front'), 403);
  });
});

describe('submission and its rules (spec §4 name_status)', () => {
  it('moves 1 → 2 on submit, says so in the asked language, and refuses a second submit while pending', async () => {
    const user = await newUser();
    expect(expectOk(await post(app, '/api/identity/status', {}, user.headers))).toEqual({ name_status: 1, reason: '', submission_id: null });
    const sent = await post<{ name_status: number; submission_id: number }>(app, '/api/identity/submit', submission(), { ...user.headers, lang: 'ja_JP' });
    expect(sent.body.msg).toBe(JA.kycSubmitted);
    expect(expectOk(sent).name_status).toBe(2);
    expect(await nameStatus(user.id)).toBe(2);
    expectRefusal(await post(app, '/api/identity/submit', submission(), user.headers), 400, EN.kycAlreadyPending);
  });

  it('refuses bad photos with translated messages: wrong signature, wrong declared type, not a data URL, too big', async () => {
    const user = await newUser();
    const h = user.headers;
    expectRefusal(await post(app, '/api/identity/submit', submission({ front: dataUrl('image/png', Buffer.from('GIF89a not a png at all')) }), h), 400, EN.kycPhotoInvalid);
    expectRefusal(await post(app, '/api/identity/submit', submission({ back: dataUrl('image/png', JPEG) }), h), 400, EN.kycPhotoInvalid);
    expectRefusal(await post(app, '/api/identity/submit', submission({ front: 'https://example.org/x.png' }), h), 400, EN.kycPhotoInvalid);
    expectRefusal(await post(app, '/api/identity/submit', submission({ front: '../../etc/passwd' }), { ...h, lang: 'de_DE' }), 400, MESSAGES.de_DE.kycPhotoInvalid);
    const big = Buffer.concat([PNG, Buffer.alloc(KYC_PHOTO_MAX_BYTES)]);
    expectRefusal(await post(app, '/api/identity/submit', submission({ back: dataUrl('image/png', big) }), h), 400, EN.kycPhotoTooLarge);
    expectRefusal(await post(app, '/api/identity/submit', submission({ name: '   ' }), h), 400, EN.kycFieldsRequired);
    const missing = await post(app, '/api/identity/submit', { name: 'Ada', id_number: 'X1' }, h);
    expectRefusal(missing, 400, 'Invalid value: ID front side (front)');
    expect(await nameStatus(user.id)).toBe(1);
  });

  it('serves photos only to their owner and to operators, with the sniffed content type', async () => {
    const owner = await newUser();
    const other = await newUser();
    const { submission_id: id } = expectOk(await post<{ submission_id: number }>(app, '/api/identity/submit', submission(), owner.headers));
    const mine = await app.inject({ method: 'GET', url: `/api/identity/photo/${id}/front`, headers: owner.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.rawPayload.equals(PNG)).toBe(true);
    const back = await app.inject({ method: 'GET', url: `/api/identity/photo/${id}/back`, headers: { token: operatorToken } });
    expect(back.headers['content-type']).toBe('image/jpeg');
    expectRefusal(await get(app, `/api/identity/photo/${id}/front`, other.headers), 404, EN.notFound);
    expectRefusal(await get(app, `/api/identity/photo/${id}/side`, owner.headers), 400);
    expectRefusal(await get(app, `/api/identity/photo/..%2F..%2Fetc/front`, owner.headers), 400);
    // Another user's status call only ever shows their own submission.
    expect(expectOk(await post<{ submission_id: number | null }>(app, '/api/identity/status', {}, other.headers)).submission_id).toBeNull();
  });
});

describe('operator login and review queue', () => {
  it('refuses users at the operator login and keeps the two kinds of token apart', async () => {
    const user = await newUser();
    await db.query(`update app_user set password_hash = (select password_hash from app_user where kind = 'operator' limit 1) where id = $1`, [user.id]);
    const [{ account }] = (await db.query<{ account: string }>('select account from app_user where id = $1', [user.id])) as [{ account: string }];
    expectRefusal(await post(app, '/api/operator/login', { account, password: 'Operator2026' }), 400, EN.loginFailed);
    expectRefusal(await post(app, '/api/operator/login', { account: 'reviewer@openex.test', password: 'wrong-password' }), 400, EN.loginFailed);
    for (const path of ['/api/operator/kyc/list', '/api/operator/kyc/detail', '/api/operator/kyc/approve', '/api/operator/kyc/reject']) {
      const body = path.endsWith('list') ? {} : { id: 1, ...(path.endsWith('reject') ? { reason: 'x' } : {}) };
      expectRefusal(await post(app, path, body, user.headers), 403);
      expectRefusal(await post(app, path, body), 403);
    }
    expectRefusal(await post(app, '/api/center/index', {}, { token: operatorToken }), 403);
  });

  it('lists pending submissions oldest first; approving verifies, rejecting fails with the reason, then resubmission', async () => {
    const ada = await newUser();
    const bob = await newUser();
    const a = expectOk(await post<{ submission_id: number }>(app, '/api/identity/submit', submission(), ada.headers)).submission_id;
    const b = expectOk(await post<{ submission_id: number }>(app, '/api/identity/submit', submission({ name: 'Bob' }), bob.headers)).submission_id;
    const op = { token: reviewerToken };
    const queue = expectOk(await post<KycQueuePage>(app, '/api/operator/kyc/list', { size: KYC_QUEUE_PAGE_MAX }, op));
    const ids = queue.list.map((q) => q.id);
    expect(ids.indexOf(a)).toBeLessThan(ids.indexOf(b));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(expectOk(await post<{ real_name: string; status: number }>(app, '/api/operator/kyc/detail', { id: b }, op))).toMatchObject({ real_name: 'Bob', status: 2 });

    expectOk(await post(app, '/api/operator/kyc/approve', { id: a, code: reviewCode() }, op));
    expect(await nameStatus(ada.id)).toBe(3);
    expectRefusal(await post(app, '/api/operator/kyc/approve', { id: a, code: reviewCode() }, op), 400, EN.kycNotPending);
    expectRefusal(await post(app, '/api/identity/submit', submission(), ada.headers), 400, EN.kycAlreadyVerified);

    expectRefusal(await post(app, '/api/operator/kyc/reject', { id: b, reason: '  ', code: reviewCode() }, op), 400, EN.kycReasonRequired);
    expectOk(await post(app, '/api/operator/kyc/reject', { id: b, reason: 'Photo is blurred', code: reviewCode() }, op));
    expect(await nameStatus(bob.id)).toBe(4);
    expect(expectOk(await post(app, '/api/identity/status', {}, bob.headers))).toEqual({ name_status: 4, reason: 'Photo is blurred', submission_id: b });
    const again = expectOk(await post<{ submission_id: number }>(app, '/api/identity/submit', submission({ name: 'Bob B' }), bob.headers));
    expect(again.submission_id).toBeGreaterThan(b);
    expect(await nameStatus(bob.id)).toBe(2);
    const kinds = await db.query<{ kind: string }>('select kind from notification where user_id = $1 order by id', [bob.id]);
    expect(kinds.map((k) => k.kind)).toEqual(['kyc_submitted', 'kyc_rejected', 'kyc_submitted']);
    expect(expectOk(await post<KycQueuePage>(app, '/api/operator/kyc/list', { size: KYC_QUEUE_PAGE_MAX }, op)).list.map((q) => q.id)).not.toContain(a);
    // Each decision is pushed to its user after the commit: the identity page follows, the bell reads its list (issue 37 §13).
    expect(pushed.filter((p) => p.userId === ada.id).map((p) => p.message)).toEqual([
      { channel: 'user', kind: 'kyc', name_status: 3 },
      { channel: 'user', kind: 'notice' },
    ]);
    expect(pushed.filter((p) => p.userId === bob.id).map((p) => p.message)).toEqual([
      { channel: 'user', kind: 'kyc', name_status: 4 },
      { channel: 'user', kind: 'notice' },
    ]);
    expectRefusal(await post(app, '/api/operator/kyc/detail', { id: 999999 }, op), 404, EN.notFound);
  });

  it("a rejection without a reason (none, empty or blank) is refused in the reviewer's language, audited, and changes nothing", async () => {
    const cy = await newUser();
    const id = expectOk(await post<{ submission_id: number }>(app, '/api/identity/submit', submission(), cy.headers)).submission_id;
    const op = { token: reviewerToken };
    const refusals = async () => Number((await db.query<{ n: number }>(`select count(*)::int as n from operator_audit_log where kind = 'kyc.reject' and object_id = $1 and outcome = 'refused'`, [String(id)]))[0]!.n);
    for (const reason of [undefined, '', '   ']) {
      const body = { id, code: reviewCode(), ...(reason === undefined ? {} : { reason }) };
      expectRefusal(await post(app, '/api/operator/kyc/reject', body, op), 400, EN.kycReasonRequired);
      expectRefusal(await post(app, '/api/operator/kyc/reject', { ...body, code: reviewCode() }, { ...op, lang: 'ja_JP' }), 400, JA.kycReasonRequired);
    }
    expect(await nameStatus(cy.id)).toBe(2);
    expect(await refusals()).toBe(6);
    expect((await db.query<{ status: number; reason: string }>('select status, reason from kyc_submission where id = $1', [id]))[0]).toEqual({ status: 2, reason: '' });
  });

  it('the queue pages and searches by email, account or user id; a bad page, size or search is a translated 400', async () => {
    const op = { token: reviewerToken };
    const list = (body: object, headers: Record<string, string> = op) => post<KycQueuePage>(app, '/api/operator/kyc/list', body, headers);
    const users = [await newUser(), await newUser(), await newUser()];
    const ids: number[] = [];
    for (const u of users) ids.push(expectOk(await post<{ submission_id: number }>(app, '/api/identity/submit', submission(), u.headers)).submission_id);
    const [first] = (await db.query<{ account: string }>('select account from app_user where id = $1', [users[1]!.id])) as [{ account: string }];
    await db.query('update app_user set email = $2 where id = $1', [users[2]!.id, `Findable_${users[2]!.id}@Example.org`]);

    // Every pending one, a page at a time, oldest first.
    const all = expectOk(await list({}));
    expect(all.size).toBe(KYC_QUEUE_PAGE_SIZE);
    expect(all.total).toBeGreaterThanOrEqual(3);
    const paged = expectOk(await list({ page: 2, size: 1 }));
    expect(paged).toMatchObject({ page: 2, size: 1, total: all.total });
    expect(paged.list.map((q) => q.id)).toEqual([all.list[1]!.id]);
    // By account (any case), by email, by user id; a pattern's characters are literal.
    expect(expectOk(await list({ search: ` ${first.account.toUpperCase()} ` })).list.map((q) => q.id)).toEqual([ids[1]]);
    expect(expectOk(await list({ search: `findable_${users[2]!.id}@` })).list.map((q) => q.id)).toEqual([ids[2]]);
    expect(expectOk(await list({ search: String(users[0]!.id) })).list.map((q) => q.id)).toContain(ids[0]);
    expect(expectOk(await list({ search: '%' }))).toMatchObject({ list: [], total: 0 });

    // Bad input: translated, never a 500, and nothing listed.
    for (const body of [{ page: 0 }, { size: KYC_QUEUE_PAGE_MAX + 1 }, { size: 0 }, { page: 'x' }, { search: 7 }, { search: 'x'.repeat(255) }, { offset: 5 }]) {
      const answer = await list(body, { ...op, lang: 'de_DE' });
      expect(answer.body.code, JSON.stringify(body)).toBe(400);
      expect(answer.body.msg).toMatch(/^(Ungültiger Wert|Unbekanntes Feld)/);
    }
  });

  it('25 submissions at once store the photos of one; refused ones write nothing', async () => {
    const eve = await newUser();
    const files = async () => Number((await db.query<{ n: number }>(`select count(*)::int as n from stored_image where folder = 'identity'`))[0]!.n);
    const before = await files();
    const answers = await Promise.all(Array.from({ length: 25 }, () => post(app, '/api/identity/submit', submission(), eve.headers)));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.body.code !== 200)) expectRefusal(a, 400, EN.kycAlreadyPending);
    expect(await files()).toBe(before + 2);
    expect(await db.query('select id from kyc_submission where user_id = $1', [eve.id])).toHaveLength(1);
  });

  it(`at most ${KYC_SUBMISSIONS_PER_DAY} submissions in 24 hours, however often they are rejected`, async () => {
    const max = await newUser();
    const op = { token: reviewerToken };
    for (let i = 0; i < KYC_SUBMISSIONS_PER_DAY; i++) {
      const id = expectOk(await post<{ submission_id: number }>(app, '/api/identity/submit', submission(), max.headers)).submission_id;
      expectOk(await post(app, '/api/operator/kyc/reject', { id, reason: 'Photo is blurred', code: reviewCode() }, op));
    }
    const photos = async () => Number((await db.query<{ n: number }>(`select count(*)::int as n from stored_image where folder = 'identity'`))[0]!.n);
    const files = await photos();
    expectRefusal(await post(app, '/api/identity/submit', submission(), max.headers), 400, `You can submit your identity at most ${KYC_SUBMISSIONS_PER_DAY} times in 24 hours; please try again later`);
    expectRefusal(await post(app, '/api/identity/submit', submission(), { ...max.headers, lang: 'ja_JP' }), 400, JA.kycTooManySubmissions.replace('{max}', String(KYC_SUBMISSIONS_PER_DAY)));
    expect(await photos()).toBe(files);
    expect(await nameStatus(max.id)).toBe(4);
    // A day later the user may try again.
    await db.query(`update kyc_submission set created_at = created_at - interval '25 hours' where user_id = $1`, [max.id]);
    expectOk(await post(app, '/api/identity/submit', submission(), max.headers));
  });

  it('ends the operator session at logout', async () => {
    const token = await signInOperator(app, { account: 'REVIEWER@openex.test', password: 'Operator2026', secret: OPERATOR_SECRET });
    expectOk(await post(app, '/api/operator/kyc/list', {}, { token }));
    await post(app, '/api/operator/logout', {}, { token });
    expectRefusal(await post(app, '/api/operator/kyc/list', {}, { token }), 403);
  });
});
