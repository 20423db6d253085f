import { describe, expect, it } from 'vitest';
import { WALLET_PATHS } from '../../domain/wallet.js';
import { MESSAGES } from '../../server/kernel/platform/i18n/messages.js';
import { expectOk, expectRefusal, get, post } from './http.js';
import { useWallet } from './wallet/harness.js';

/**
 * The inputs a review found answered with HTTP 500 or silently coerced (issue 11, items 1–3): each
 * is now a translated body code 400 and changes nothing.
 */
const t = useWallet();
const EN = MESSAGES.en_US;

describe('strict input', () => {
  it('refuses non-finite and exponent numbers in integer fields, in bodies and query strings', async () => {
    for (const type of ['Infinity', '-Infinity', 1e309, -1e309, '1e309', -0, 2.5]) {
      expectRefusal(await post(t.app, '/api/plat_note', { type }), 400);
    }
    // JSON text, so that 1e309 reaches the parser as written.
    expectRefusal(await post(t.app, '/api/plat_note', '{"type": 1e309}', { 'content-type': 'application/json' }), 400);
    for (const to of ['1e309', 'Infinity', '-1', 'NaN', '1.5']) {
      expectRefusal(await get(t.app, `/api/market/kline?pair=btc_usdt&interval=1min&to=${to}`), 400);
    }
    expectOk(await get(t.app, '/api/market/kline?pair=btc_usdt&interval=1min&to=1700000000000&limit=5'));
  });

  it('refuses NUL and other control characters in any string, with or without a login', async () => {
    expectRefusal(await post(t.app, '/api/help/list', { search: 'a\u0000b' }), 400, EN.badRequest);
    expectRefusal(await post(t.app, '/api/help/list', { search: 'bell\u0007' }), 400, EN.badRequest);
    const user = await t.newUser();
    expectRefusal(await post(t.app, WALLET_PATHS.networks, { currency: 'US\u0000DT' }, user.headers), 400, EN.badRequest);
  });

  it('coerces nothing: a boolean is no id, an array no amount, a number no money string', async () => {
    const user = await t.newUser();
    await t.fund(user, 'USDT', '100');
    const headers = { ...user.headers, 'idempotency-key': 'strict-input-0001' };
    expectRefusal(await post(t.app, WALLET_PATHS.cancelWithdrawal, { id: true }, user.headers), 400);
    expectRefusal(await post(t.app, WALLET_PATHS.transfer, { currency: 'USDT', from: 'spot', to: 'contract', quantity: [1] }, headers), 400);
    expectRefusal(await post(t.app, WALLET_PATHS.transfer, { currency: 'USDT', from: 'spot', to: 'contract', quantity: 1.0000000000000001 }, headers), 400);
    expect((await t.balanceRow(user, 'USDT', 'spot')).available).toBe('100');
    expect((await t.balanceRow(user, 'USDT', 'contract')).available).toBe('0');
  });
});
