import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ApiKeyCreated } from '../../../../domain/apiKeys.js';
import { hashPassword } from '../../../../server/kernel/platform/auth/passwords.js';
import type { RunningServer } from '../../../../server/start.js';
import { differences, tableNames } from '../../fuzz/fuzzApp.js';
import { startQuietServer } from '../../quietServer.js';
import { createTestUser, type TestUser } from '../../support/users.js';

/**
 * The ownership audit's world: the whole server (every product, the Binance dialect, sockets) and
 * three users. A owns one thing of every kind a route names by id, made through the API as a user
 * makes it; B is the attacker; C is A's counterparty (a P2P seller, a futures maker), so A's
 * orders are real two-party ones. Tests read `w.a`, `w.ids` once the beforeAll has run.
 */
export const FUNDS_PASSWORD = 'Owner-funds-2026';
export const ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');
export const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;
export const PNG_URL = dataUrl('image/png', PNG);

/**
 * Tables the server's timers write whatever the calls: P2P's sweep mark, the seconds index samples,
 * and the daily duties — the fees' 30-day volumes (first computed 30 s after the start: on a busy
 * machine that fell between a test's two snapshots, and CI read it as a refused call that changed
 * fee_state) and the proof of liabilities (first built 60 s after it).
 */
const MOVES_WITH_TIME = ['fiat_sweep', 'seconds_index', 'fee_state', 'fee_volume', 'liability_snapshot', 'liability_node', 'liability_leaf'];
/** Columns a call writes by being made at all: a session's and an API key's last use. */
const USE_COLUMNS: Record<string, readonly string[]> = { session_token: ['last_seen_at'], api_key: ['last_used_ms', 'last_used_ip'] };

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** A's things, by the id each route names them with. */
export interface OwnedIds {
  spotOrder: number;
  spotStop: number;
  futuresOrder: number;
  futuresPlan: number;
  fiatAd: number;
  fiatOrder: number;
  fiatMessage: number;
  fiatMethod: number;
  /** C's online sell ad (A's order was taken from it). */
  sellerAd: number;
  withdrawal: number;
  address: number;
  session: number;
  notification: number;
  kycSubmission: number;
  apiKey: string;
  /** A's active price alert. */
  priceAlert: number;
  /** A's active recurring plan. */
  recurringPlan: number;
  convertQuote: number;
  /** A conversion of A's, done (an accepted quote: what the Binance dialect's orderStatus reads). */
  convertDone: number;
  /** A's client order id on a spot order (Binance's newClientOrderId). */
  clientOrderId: string;
}

export interface World {
  server: RunningServer;
  a: TestUser;
  b: TestUser;
  c: TestUser;
  keyA: ApiKeyCreated;
  keyB: ApiKeyCreated;
  ids: OwnedIds;
  tables: string[];
}

export function useOwnershipWorld(tag: string): World {
  const w = {} as World & { stop(): Promise<void> };
  beforeAll(async () => {
    const running = await startQuietServer(tag);
    w.server = running.server;
    w.stop = running.stop;
    const db = w.server.db;
    const fundsPasswordHash = await hashPassword(FUNDS_PASSWORD);
    const funded = [['USDT', '100000'], ['BTC', '10'], ['USDT', '100000', 'contract'], ['USDT', '100000', 'legal']] as const;
    const user = (name: string) => createTestUser(db, { tag: `${tag}-${name}`, email: true, verified: true, fundsPasswordHash, funded });
    w.a = await user('a');
    w.b = await user('b');
    w.c = await user('c');
    w.tables = (await tableNames(db)).filter((t) => !MOVES_WITH_TIME.includes(t));
    w.ids = await makeOwnedThings(w);
  }, 240_000);
  afterAll(async () => {
    await w.stop?.();
  });
  return w;
}

/** A POST of the web API as `who`, its envelope as answered. */
export async function call<T = unknown>(w: World, who: TestUser | undefined, path: string, body: object, headers: Record<string, string> = {}): Promise<Envelope<T>> {
  const response = await fetch(`${w.server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: 'en_US', ...(who ? { token: who.token } : {}), ...headers },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Envelope<T>;
}

/** `call`, which must succeed: its data. */
export async function done<T = unknown>(w: World, who: TestUser, path: string, body: object): Promise<T> {
  const answer = await call<T>(w, who, path, body);
  expect(answer.code, `${path}: ${answer.msg}`).toBe(200);
  return answer.data;
}

/** A Binance-signed call with `key`, as a bot makes it. */
export async function signed(w: World, key: ApiKeyCreated, method: string, path: string, params: Record<string, string> = {}) {
  const query = new URLSearchParams({ ...params, timestamp: String(Date.now()) }).toString();
  const signature = createHmac('sha256', key.secret).update(query).digest('hex');
  const response = await fetch(`${w.server.url}${path}?${query}&signature=${signature}`, { method, headers: { 'x-mbx-apikey': key.api_key } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { code?: number } };
}

/**
 * Every table's content (a hash each), but for what moves with time or with any use
 * (MOVES_WITH_TIME, USE_COLUMNS): what a refused call must leave exactly as it was.
 */
export async function snapshot(w: World): Promise<Record<string, string>> {
  const row = (t: string) => (USE_COLUMNS[t] ? `(to_jsonb(x) - array[${USE_COLUMNS[t].map((c) => `'${c}'`).join(', ')}]::text[])::text` : 'x::text');
  const rows = await w.server.db.query<{ name: string; h: string }>(
    w.tables.map((t) => `select '${t}' as name, md5(coalesce(string_agg(md5(${row(t)}), '' order by md5(${row(t)})), '')) as h from "${t}" x`).join(' union all '),
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.h]));
}

export async function expectUnchanged(w: World, before: Record<string, string>, what: string): Promise<void> {
  expect(differences(before, await snapshot(w)), what).toEqual([]);
}

async function makeOwnedThings(w: World): Promise<OwnedIds> {
  const { a, c } = w;
  const db = w.server.db;
  w.keyA = await done<ApiKeyCreated>(w, a, '/api/apikey/create', { label: 'a-bot', permissions: ['read', 'trade'], ip_allowlist: [] });
  w.keyB = await done<ApiKeyCreated>(w, w.b, '/api/apikey/create', { label: 'b-bot', permissions: ['read', 'trade'], ip_allowlist: [] });

  // Spot: a resting limit order (placed through the Binance dialect, with a client id), and a stop.
  const clientOrderId = 'a-owned-order-1';
  const placed = await signed(w, w.keyA, 'POST', '/api/v3/order', { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', price: '10000', quantity: '0.01', newClientOrderId: clientOrderId });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const spotOrder = Number(placed.body['orderId']);
  const spotStop = (await done<{ id: number }>(w, a, '/api/spot/stop_place', { symbol: 'BTC_USDT', side: 'sell', trigger_price: '100', price: '99', quantity: '0.5' })).id;

  // Futures: a long opened against C (for a plan on it), and a resting order.
  await done(w, c, '/api/futures/order', { symbol: 'btc_usdt', action: 'open_short', type: 'limit', price: '60000', quantity: '0.01' });
  await done(w, a, '/api/futures/order', { symbol: 'btc_usdt', action: 'open_long', type: 'limit', price: '60000', quantity: '0.01' });
  const futuresOrder = (await done<{ order: { id: number } }>(w, a, '/api/futures/order', { symbol: 'btc_usdt', action: 'open_long', type: 'limit', price: '40000', quantity: '0.01' })).order.id;
  const futuresPlan = (await done<{ id: number }>(w, a, '/api/futures/plan', { symbol: 'btc_usdt', kind: 'take_profit', trigger_by: 'last', trigger_value: '90000', exec_type: 'market' })).id;

  // P2P: A's collection method and sell ad; A buys from C's sell ad and sends a payment proof.
  const method = async (who: TestUser) =>
    (await done<{ id: number }>(w, who, '/api/user/coll_method_add', { real_name: 'Owner Name', card_number: '6222000011112222', bank_name: 'Test Bank', currency: 'USD' })).id;
  const fiatMethod = await method(a);
  const cMethod = await method(c);
  const ad = { side: 'sell', crypto: 'USDT', fiat: 'USD', price_kind: 'fixed', fixed_price: '1.01', total: '1000', min_amount: '10', max_amount: '5000', terms: '', funds_password: FUNDS_PASSWORD };
  const fiatAd = (await done<{ id: number }>(w, a, '/api/fiat/ad_publish', { ...ad, method_ids: [fiatMethod] })).id;
  const cAd = (await done<{ id: number }>(w, c, '/api/fiat/ad_publish', { ...ad, method_ids: [cMethod] })).id;
  const fiatOrder = (await done<{ id: number }>(w, a, '/api/fiat/take', { ad_id: cAd, by: 'amount', value: '100' })).id;
  const fiatMessage = (await done<{ id: number }>(w, a, '/api/fiat/say', { order_id: fiatOrder, image: PNG_URL })).id;

  // Wallet and account: a withdrawal waiting for review, an address-book entry.
  const withdrawal = (await done<{ id: number }>(w, a, '/api/wallet/withdraw', { currency: 'USDT', network: 'TRC20', address: ADDRESS, quantity: '20', funds_password: FUNDS_PASSWORD })).id;
  const address = (await done<{ id: number }>(w, a, '/api/user/address_add', { currency: 'USDT', network: 'TRC20', address: ADDRESS, note: 'mine' })).id;

  // Identity: a submission with its photos (a fresh, unverified user row would be refused nothing here).
  await db.query('update app_user set name_status = 1 where id = $1', [a.id]);
  const kycSubmission = (await done<{ submission_id: number }>(w, a, '/api/identity/submit', { name: 'Ada Owner', id_number: 'X1234567', front: PNG_URL, back: dataUrl('image/jpeg', JPEG) })).submission_id;

  // A price alert (written as the alerts product writes one: its create needs a traded pair, which this world has not).
  const [alert] = await db.query<{ id: string }>(
    `insert into price_alert (user_id, left_symbol, right_symbol, condition, price, created_ms) values ($1, 'BTC', 'USDT', 'below', 1, $2) returning id`,
    [a.id, Date.now()],
  );

  // A recurring plan of A's, due in a week (written as the product writes one: its create buys at once, on a book this world has not).
  const [plan] = await db.query<{ id: string }>(
    `insert into recurring_plan (user_id, left_symbol, right_symbol, amount, frequency, status, anchor_ms, next_run_ms, created_ms)
     values ($1, 'BTC', 'USDT', 10, 'weekly', 'active', $2, $3, $2) returning id`,
    [a.id, Date.now(), Date.now() + 7 * 86_400_000],
  );

  // A convert quote of A's, not yet accepted (as the convert product writes one: its quote needs a book, which this world has not).
  const [quote] = await db.query<{ id: string }>(
    `insert into convert_quote (user_id, from_currency, to_currency, left_symbol, right_symbol, side, price, quantity, created_ms, expires_ms)
     values ($1, 'USDT', 'BTC', 'BTC', 'USDT', 'buy', 30000, 0.001, $2, $3) returning id`,
    [a.id, Date.now(), Date.now() + 3_600_000],
  );
  const [doneQuote] = await db.query<{ id: string }>(
    `insert into convert_quote (user_id, from_currency, to_currency, left_symbol, right_symbol, side, price, quantity, created_ms, expires_ms,
       order_id, status, paid, received, fee, accepted_ms)
     values ($1, 'USDT', 'BTC', 'BTC', 'USDT', 'buy', 30000, 0.001, $2, $3, $4, 'converted', 30, 0.000999, 0.000001, $2) returning id`,
    [a.id, Date.now(), Date.now() + 10_000, spotOrder],
  );

  const [session] = await db.query<{ id: string }>('select id from session_token where user_id = $1 order by id limit 1', [a.id]);
  const [notification] = await db.query<{ id: string }>('select id from notification where user_id = $1 order by id limit 1', [a.id]);
  expect(notification, 'A has a notification (its API key notice)').toBeDefined();
  return {
    spotOrder,
    spotStop,
    futuresOrder,
    futuresPlan,
    fiatAd,
    fiatOrder,
    fiatMessage,
    fiatMethod,
    sellerAd: cAd,
    withdrawal,
    address,
    session: Number(session!.id),
    notification: Number(notification!.id),
    convertQuote: Number(quote!.id),
    convertDone: Number(doneQuote!.id),
    kycSubmission,
    apiKey: w.keyA.api_key,
    priceAlert: Number(alert!.id),
    recurringPlan: Number(plan!.id),
    clientOrderId,
  };
}
