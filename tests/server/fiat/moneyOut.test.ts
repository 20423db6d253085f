import { beforeAll, describe, expect, it } from 'vitest';
import { FIAT_PATHS, type FiatAd, type FiatOrder } from '../../../domain/fiat.js';
import { WALLET_PATHS } from '../../../domain/wallet.js';
import { hashPassword } from '../../../server/kernel/platform/auth/passwords.js';
import { newTotpSecret, totpOf } from '../../../server/kernel/platform/auth/twoFactor.js';
import { formatUtc, lockWithdrawals, WITHDRAWAL_LOCK_MS } from '../../../server/kernel/platform/auth/withdrawalLock.js';
import { MESSAGES } from '../../../server/kernel/platform/i18n/messages.js';
import { publishAd, setAdStatus } from '../../../server/products/fiat/ads.js';
import { takeAd } from '../../../server/products/fiat/orders.js';
import { auditBooks } from '../../../server/products/audit.js';
import { simulatedAddress } from '../../../server/products/wallet/chain/addresses.js';
import { useFuzzApp } from '../fuzz/fuzzApp.js';
import { expectOk, expectRefusal, post, type Answer } from '../http.js';
import { createTestUser, type TestUser } from '../support/users.js';

/**
 * Issue 49 §2: with a session token alone, crypto left the account through P2P (a release, a sale
 * into a buy ad) although withdrawals asked for the funds password and the 2FA code and were
 * locked for 24 h after a security change. Every route that sends the user's crypto to another
 * user or off the exchange is a row of EXITS, and each row is tried five ways on the server's own
 * composition (every product): no funds password, a wrong one, 2FA on without or with a wrong
 * code, the withdrawal lock, and everything right. Refusals change no balance, ad, order or
 * withdrawal; the right credentials move the funds.
 */
const t = useFuzzApp();
const EN = MESSAGES.en_US;
const FUNDS = 'Funds-pass-49';
let fundsHash = '';
beforeAll(async () => {
  fundsHash = await hashPassword(FUNDS);
});

interface Party extends TestUser {
  method: number;
}

/** A verified user with the funds password FUNDS, USDT in spot and legal, and a collection method. */
async function party(tag: string): Promise<Party> {
  const user = await createTestUser(t.db, { tag, verified: true, fundsPasswordHash: fundsHash, funded: [['USDT', '5000', 'spot'], ['USDT', '5000', 'legal']] });
  const [m] = await t.db.query<{ id: number }>(
    `insert into collection_method (user_id, real_name, card_number, bank_name, currency) values ($1, 'Ada Lovelace', '6222 0000 1111 2222', 'Test Bank', 'USD') returning id`,
    [user.id],
  );
  return { ...user, method: Number(m!.id) };
}

const SELL_AD = { side: 'sell', crypto: 'USDT', fiat: 'USD', price_kind: 'fixed', fixed_price: '1.01', total: '1000', min_amount: '10', max_amount: '5000', terms: '' } as const;

/** The accomplice's buy ad, published as the server would (a buy ad sends nothing: no credentials asked). */
async function buyAd(accomplice: Party): Promise<FiatAd> {
  return expectOk(await post<FiatAd>(t.app, FIAT_PATHS.publish, { ...SELL_AD, side: 'buy', method_ids: [] }, accomplice.headers));
}

interface Exit {
  name: string;
  path: string;
  /** Makes what the route acts on, as the server's own functions would (not through the guarded route), and answers the body without credentials. */
  arrange(victim: Party, accomplice: Party): Promise<object>;
}

/** Every route that sends a user's crypto to another user or off the exchange. */
const EXITS: Exit[] = [
  {
    name: 'P2P release to the buyer',
    path: FIAT_PATHS.release,
    async arrange(victim, accomplice) {
      const ad = await buyAd(accomplice);
      const order = await t.db.transaction((tx) => takeAd(tx, victim.id, { ad_id: ad.id, by: 'amount', value: '1010', method_id: victim.method }, Date.now()));
      expectOk(await post<FiatOrder>(t.app, FIAT_PATHS.markPaid, { order_id: order.id }, accomplice.headers));
      return { order_id: order.id };
    },
  },
  {
    name: 'P2P sale into a buy ad (take)',
    path: FIAT_PATHS.take,
    async arrange(victim, accomplice) {
      const ad = await buyAd(accomplice);
      return { ad_id: ad.id, by: 'amount', value: '1010', method_id: victim.method };
    },
  },
  {
    name: 'P2P sell ad published (its total frozen for others to take)',
    path: FIAT_PATHS.publish,
    arrange: async (victim) => ({ ...SELL_AD, method_ids: [victim.method] }),
  },
  {
    name: 'P2P sell ad resumed (its remaining frozen again for others to take)',
    path: FIAT_PATHS.adStatus,
    async arrange(victim) {
      const ad = await t.db.transaction((tx) => publishAd(tx, victim.id, { ...SELL_AD, method_ids: [victim.method] }, Date.now()));
      await t.db.transaction((tx) => setAdStatus(tx, victim.id, ad.id, 'paused', Date.now()));
      return { ad_id: ad.id, status: 'online' };
    },
  },
  {
    name: 'wallet withdrawal',
    path: WALLET_PATHS.withdraw,
    arrange: async (victim) => ({ currency: 'USDT', network: 'TRC20', address: simulatedAddress(900_000 + victim.id, 'USDT', 'TRC20'), quantity: '1000' }),
  },
];

/** Everything a refusal must leave as it was: both parties' balances, ads, orders and withdrawals. */
async function holdings(users: readonly number[]): Promise<string> {
  const part = async (sql: string) => JSON.stringify(await t.db.query(sql, [users]));
  return [
    await part(`select user_id, currency, account, trim_scale(available)::text as a, trim_scale(frozen)::text as f from balance where user_id = any($1::bigint[]) order by 1, 2, 3`),
    await part(`select id, status, trim_scale(remaining)::text as r from fiat_ad where user_id = any($1::bigint[]) order by id`),
    await part(`select id, status from fiat_order where seller_id = any($1::bigint[]) or buyer_id = any($1::bigint[]) order by id`),
    await part(`select id, status from withdrawal where user_id = any($1::bigint[]) order by id`),
  ].join('\n');
}

async function turnOnTwoFactor(user: Party): Promise<() => string> {
  const secret = newTotpSecret();
  await t.db.query(`insert into user_two_factor (user_id, secret, enabled, enabled_at) values ($1, $2, true, now())`, [user.id, secret]);
  return () => totpOf(secret).generate({ timestamp: Date.now() });
}

/** One case: fresh parties, the row arranged, `condition` applied, the call made; the answer and whether anything moved. */
async function attempt(exit: Exit, condition: (victim: Party) => Promise<Record<string, string>>, lang = 'en_US'): Promise<{ answer: Answer<unknown>; moved: boolean; victim: Party }> {
  const victim = await party('victim');
  const accomplice = await party('accomplice');
  const body = await exit.arrange(victim, accomplice);
  const credentials = await condition(victim);
  const before = await holdings([victim.id, accomplice.id]);
  const answer = await post(t.app, exit.path, { ...body, ...credentials }, { ...victim.headers, lang, 'idempotency-key': `money-exit-${victim.id}` });
  return { answer, moved: (await holdings([victim.id, accomplice.id])) !== before, victim };
}

describe.each(EXITS)('$name ($path): the funds password, 2FA and the withdrawal lock', (exit) => {
  it('(a) refuses without the funds password or with a wrong one, moving nothing', async () => {
    const none = await attempt(exit, async () => ({}));
    expectRefusal(none.answer, 400);
    expect(none.moved).toBe(false);
    const wrong = await attempt(exit, async () => ({ funds_password: 'Not-the-one-1' }));
    expectRefusal(wrong.answer, 400, /funds password/i);
    expect(wrong.moved).toBe(false);
  });

  it('(b) with 2FA on, refuses the right funds password without a code or with a wrong one, moving nothing', async () => {
    const none = await attempt(exit, async (victim) => {
      await turnOnTwoFactor(victim);
      return { funds_password: FUNDS };
    });
    expectRefusal(none.answer, 400, EN.twoFactorRequired);
    expect(none.moved).toBe(false);
    const wrong = await attempt(exit, async (victim) => {
      const code = await turnOnTwoFactor(victim);
      // A six-digit code that is not the current one (nor the steps either side).
      return { funds_password: FUNDS, totp_code: String((Number(code()) + 500_000) % 1_000_000).padStart(6, '0') };
    });
    expectRefusal(wrong.answer, 400, EN.twoFactorWrong);
    expect(wrong.moved).toBe(false);
  });

  it('(c) refuses during the withdrawal lock, with the lock’s end, translated, moving nothing', async () => {
    let until = 0;
    const lock = async (victim: Party) => {
      until = Date.now() + WITHDRAWAL_LOCK_MS;
      await lockWithdrawals(t.db, victim.id, until, 'funds_password');
      return { funds_password: FUNDS };
    };
    const english = await attempt(exit, lock);
    expectRefusal(english.answer, 400);
    expect(english.answer.body.msg).toContain(formatUtc(until));
    expect(english.moved).toBe(false);
    const japanese = await attempt(exit, lock, 'ja_JP');
    expectRefusal(japanese.answer, 400);
    expect(japanese.answer.body.msg).toContain(formatUtc(until));
    expect(japanese.answer.body.msg).not.toBe(english.answer.body.msg.replace(formatUtc(until - 1), formatUtc(until)));
    expect(japanese.answer.body.msg).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    expect(japanese.moved).toBe(false);
  });

  it('(d) allows it with the funds password and, 2FA on, the current code', async () => {
    const right = await attempt(exit, async (victim) => {
      const code = await turnOnTwoFactor(victim);
      return { funds_password: FUNDS, totp_code: code() };
    });
    expectOk(right.answer);
    expect(right.moved).toBe(true);
    expect(await auditBooks(t.db)).toEqual([]);
  });
});

/**
 * Every other signed-in route of the composition, by why it sends nothing of the user's to anyone
 * else: with EXITS this is every route, so a way out added tomorrow fails here until it is guarded
 * and listed above, or listed below with its reason.
 */
const NOT_AN_EXIT: Record<string, readonly string[]> = {
  'reads only': [
    '/api/user/addresses', '/api/user/coll_methods', '/api/user/security_level', '/api/center/index', '/api/user/sessions', '/api/user/login_history', '/api/user/anti_phishing',
    '/api/user/2fa/status', '/api/user/avatar_image', '/api/inform/list', '/api/inform/unread', '/api/identity/status', '/api/wallet/overview', '/api/wallet/balances',
    '/api/wallet/networks', '/api/wallet/deposit_address', '/api/wallet/withdraw_quota', '/api/wallet/deposits', '/api/wallet/withdrawals', '/api/wallet/transfers', '/api/wallet/ledger',
    '/api/wallet/statement', '/api/spot/statement', '/api/futures/statement',
    '/api/spot/fee_rate', '/api/spot/orders_current', '/api/spot/orders_history', '/api/spot/order_detail', '/api/spot/stops_current', '/api/spot/stops_history', '/api/seconds/account',
    '/api/seconds/orders_current', '/api/seconds/orders_history', '/api/ico/mine', '/api/ico/account', '/api/ico/orders', '/api/ico/records', '/api/fiat/my_ads',
    '/api/fiat/standing', '/api/fiat/methods', '/api/fiat/order', '/api/fiat/orders', '/api/fiat/records', '/api/fiat/chat', '/api/futures/account', '/api/futures/positions',
    '/api/futures/settings', '/api/futures/orders_current', '/api/futures/orders_history', '/api/futures/plans', '/api/futures/order_detail', '/api/apikey/list',
    '/api/wallet/funds_password_check', '/api/liabilities/proof', '/api/fees/mine', '/api/fees/rate', '/api/alerts/list',
    // A quote keeps a row for its acceptance and moves nothing.
    '/api/convert/quote', '/api/convert/history', '/api/user/notice_settings',
    '/api/recurring/list', '/api/recurring/runs',
  ],
  'changes the account, not its funds (the security changes take their own proofs)': [
    '/api/user/nickname', '/api/user/avatar', '/api/user/send_code', '/api/user/login_pwd', '/api/user/funds_pwd', '/api/user/email', '/api/user/phone', '/api/user/address_add',
    '/api/user/address_delete', '/api/user/coll_method_add', '/api/user/coll_method_edit', '/api/user/coll_method_delete', '/api/user/withdraw_allowlist', '/api/user/session_revoke',
    '/api/user/sessions_revoke_others', '/api/user/anti_phishing_set', '/api/user/2fa/begin', '/api/user/2fa/confirm', '/api/user/2fa/disable', '/api/user/2fa/unlock_send', '/api/user/2fa/unlock', '/api/inform/read',
    '/api/inform/read_all', '/api/identity/submit', '/api/seconds/acknowledge', '/api/apikey/create', '/api/apikey/delete', '/api/futures/leverage', '/api/fiat/say',
    '/api/alerts/create', '/api/alerts/cancel', '/api/user/notice_settings_set',
    // A plan moves nothing by itself: each of its buys is a spot order (below).
    '/api/recurring/pause', '/api/recurring/resume', '/api/recurring/cancel',
  ],
  'moves funds between the user’s own accounts, or gives frozen funds back': ['/api/wallet/transfer', '/api/wallet/withdraw_cancel', '/api/ico/thaw', '/api/fiat/cancel'],
  'a P2P step that moves no crypto (the buyer’s payment, an appeal the operator decides)': ['/api/fiat/mark_paid', '/api/fiat/appeal'],
  // An exchange at a price: the user gets the counterparty's funds or the contract for theirs.
  'a trade on a market, with the platform or a project': [
    '/api/spot/order_place', '/api/spot/order_cancel', '/api/spot/stop_place', '/api/spot/stop_cancel', '/api/seconds/buy', '/api/ico/subscribe', '/api/futures/order',
    '/api/futures/close', '/api/futures/flash_close', '/api/futures/margin', '/api/futures/cancel', '/api/futures/plan', '/api/futures/plan_cancel',
    // A conversion is a spot order (fill-or-kill) between the user's own spot balances.
    '/api/convert/accept',
    // A recurring plan's first buy is placed at once: a spot market order between the user's own spot balances.
    '/api/recurring/create',
  ],
};

describe('every signed-in route is an exit above or named with why it is not', () => {
  it('accounts for each one', () => {
    const known = new Set([...EXITS.map((e) => e.path), ...Object.values(NOT_AN_EXIT).flat()]);
    const signedIn = t.routes.filter((r) => r.auth === 'user' && !r.url.startsWith('/api/v3/')).map((r) => r.url);
    expect(signedIn.filter((url) => !known.has(url))).toEqual([]);
    expect([...known].filter((url) => !signedIn.includes(url))).toEqual([]);
  });
});
