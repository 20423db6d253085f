import { describe, expect, it } from 'vitest';
import { FIAT_PATHS } from '../../domain/fiat.js';
import { SPOT_PATHS } from '../../domain/spotOrders.js';
import { WALLET_PATHS } from '../../domain/wallet.js';
import { MESSAGES } from '../../server/kernel/platform/i18n/messages.js';
import { simulatedAddress } from '../../server/products/wallet/chain/addresses.js';
import { useFuzzApp } from './fuzz/fuzzApp.js';
import { expectOk, expectRefusal, post } from './http.js';

/**
 * Issue 34, item 6: input that was answered 200 and stored although it is garbage. Each refusal is
 * a translated 400 that changes nothing. The server's own composition (every product), signed in
 * as a funded user and as the operator.
 */
const t = useFuzzApp();
const EN = MESSAGES.en_US;
const count = async (table: string) => Number((await t.db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n);

describe('withdrawal addresses: currency and network from the tables, the address in its network’s format', () => {
  const note = 'mine';
  it('refuses the issue’s request and its variants, storing nothing', async () => {
    const before = await count('withdrawal_address');
    const add = (body: object, lang = 'en_US') => post(t.app, '/api/user/address_add', { note, ...body }, { ...t.user, lang });
    expectRefusal(await add({ currency: 'NaN', network: '<script>alert(1)</script>', address: '../../etc/passwd' }), 400, EN.addressCurrencyUnknown);
    expectRefusal(await add({ currency: 'USDT', network: '<script>alert(1)</script>', address: '../../etc/passwd' }), 400, EN.addressNetworkUnknown);
    // A network that exists, but not for this currency.
    expectRefusal(await add({ currency: 'USDT', network: 'BTC', address: simulatedAddress(1, 'BTC', 'BTC') }), 400, EN.addressNetworkUnknown);
    expectRefusal(await add({ currency: 'USDT', network: 'TRC20', address: '../../etc/passwd' }), 400, 'The address is not a TRC20 address');
    expectRefusal(await add({ currency: 'USDT', network: 'TRC20', address: '../../etc/passwd' }, 'ja_JP'), 400, MESSAGES.ja_JP.addressInvalid.replace('{network}', 'TRC20'));
    // Right alphabet, wrong shape: an ERC20 address on TRC20, a TRC20 one cut short, a BTC one with a letter bech32 lacks.
    expectRefusal(await add({ currency: 'USDT', network: 'TRC20', address: simulatedAddress(1, 'USDT', 'ERC20') }), 400);
    expectRefusal(await add({ currency: 'USDT', network: 'TRC20', address: simulatedAddress(1, 'USDT', 'TRC20').slice(0, 30) }), 400);
    expectRefusal(await add({ currency: 'BTC', network: 'BTC', address: `bc1q${'b'.repeat(38)}` }), 400);
    expect(await count('withdrawal_address')).toBe(before);
  });

  it('takes every seeded network’s own addresses (those the simulated chain hands out)', async () => {
    const networks = await t.db.query<{ currency: string; network: string }>('select currency, network from currency_network order by currency, network');
    expect(networks.length).toBeGreaterThan(5);
    for (const { currency, network } of networks) {
      const answer = await post(t.app, '/api/user/address_add', { currency, network, address: simulatedAddress(7, currency, network), note }, t.user);
      expect([currency, network, answer.body.msg]).toEqual([currency, network, EN.addressAdded]);
    }
    // Well-known real shapes too: a checksummed ERC20 address, a legacy BTC one.
    expectOk(await post(t.app, '/api/user/address_add', { currency: 'ETH', network: 'erc20', address: '0x52908400098527886E0F7030069857D2E4169EE7', note }, t.user));
    expectOk(await post(t.app, '/api/user/address_add', { currency: 'btc', network: 'BTC', address: '1BoatSLRHtKNngkdXEeobR76b53LETtpyT', note }, t.user));
  });
});

describe('collection methods', () => {
  const method = { real_name: 'Ada Lovelace', card_number: '6222 0000 1111', bank_name: 'Bank of Tests' };
  it('take a fiat currency or none, and refuse "SPOT"', async () => {
    const before = await count('collection_method');
    expectRefusal(await post(t.app, '/api/user/coll_method_add', { ...method, currency: 'SPOT' }, t.user), 400, EN.collCurrencyUnknown);
    expectRefusal(await post(t.app, '/api/user/coll_method_add', { ...method, currency: 'BTC' }, { ...t.user, lang: 'ko_KR' }), 400, MESSAGES.ko_KR.collCurrencyUnknown);
    expect(await count('collection_method')).toBe(before);
    expect(expectOk(await post<{ currency: string }>(t.app, '/api/user/coll_method_add', { ...method, currency: 'usd' }, t.user)).currency).toBe('USD');
    expect(expectOk(await post<{ currency: string }>(t.app, '/api/user/coll_method_add', method, t.user)).currency).toBe('');
  });

  it('refuse control and text-direction characters in what the counterparty reads', async () => {
    const before = await count('collection_method');
    for (const field of ['real_name', 'card_number', 'bank_name', 'branch'] as const) {
      for (const hidden of ['\u202e', '\u2066', '\u200f', '\u200b', '\u2028', '\u0085']) {
        const answer = await post(t.app, '/api/user/coll_method_add', { ...method, [field]: `Ada${hidden}Bank` }, t.user);
        expectRefusal(answer, 400, EN.textHiddenCharacters);
      }
    }
    expect(await count('collection_method')).toBe(before);
  });
});

describe('nicknames (the name P2P shows for a merchant)', () => {
  it('refuse bidi overrides, isolates, marks, zero-width and other invisible characters', async () => {
    const nickname = async () => (await t.db.query<{ nickname: string }>(`select nickname from app_user where account = 'fuzz-user@example.org'`))[0]!.nickname;
    const was = await nickname();
    for (const spoof of ['Atlas\u202eCTO', '\u2067Atlas OTC', 'Atlas\u200e', 'At\u200blas', 'Atlas\u00ad', '\u061cAtlas', 'At\ufefflas', 'Atlas\u2029']) {
      expectRefusal(await post(t.app, '/api/user/nickname', { nickname: spoof }, t.user), 400, EN.nicknameHiddenCharacters);
    }
    expectRefusal(await post(t.app, '/api/user/nickname', { nickname: 'Atlas\u202eCTO' }, { ...t.user, lang: 'tr_TR' }), 400, MESSAGES.tr_TR.nicknameHiddenCharacters);
    expect(await nickname()).toBe(was);
    // Letters of any script, emoji and spaces stay welcome.
    // (A word mixing alphabets, "Бosphorus", is refused since issue 49 §6: tests/server/fiat/payeeAndNames.test.ts.)
    for (const fine of ['Ada Lovelace', 'アトラス', 'Ziraat Bankası', 'Босфор 🚀', 'محمد']) {
      expect(expectOk(await post<{ nickname: string }>(t.app, '/api/user/nickname', { nickname: fine }, t.user)).nickname).toBe(fine);
    }
  });
});

describe('one rule for decimal strings', () => {
  it('a spot order refuses "00001" as the wallet transfer does, and places nothing', async () => {
    const orders = await count('spot_order');
    const place = (body: object) => post(t.app, SPOT_PATHS.place, { symbol: 'btc_usdt', side: 'sell', type: 'limit', price: '1000000', quantity: '0.001', ...body }, t.user);
    expectRefusal(await place({ quantity: '00001' }), 400, EN.spotQuantityMalformed);
    expectRefusal(await place({ quantity: '01.5' }), 400, EN.spotQuantityMalformed);
    expectRefusal(await place({ price: '01000000' }), 400, EN.spotPriceMalformed);
    expectRefusal(await place({ type: 'market', side: 'buy', amount: '0010', price: undefined, quantity: undefined }), 400, EN.spotAmountMalformed);
    expectRefusal(await place({ quantity: '1.' }), 400, EN.spotQuantityMalformed);
    expectRefusal(await place({ quantity: '+1' }), 400, EN.spotQuantityMalformed);
    expectRefusal(await place({ quantity: '1e0' }), 400, EN.spotQuantityMalformed);
    expect(await count('spot_order')).toBe(orders);
    const transfer = await post(t.app, WALLET_PATHS.transfer, { currency: 'BTC', from: 'spot', to: 'contract', quantity: '00001' }, t.user);
    expectRefusal(transfer, 400, EN.walletQuantityInvalid);
  });
});

describe('unknown fields are refused, not dropped', () => {
  it('legal_trade {"x":1} is no "Trade settings saved"', async () => {
    const settings = async () => (await t.db.query<{ value: unknown }>(`select value from platform_config where key = 'legal_trade'`))[0]?.value;
    const was = await settings();
    expectRefusal(await post(t.app, FIAT_PATHS.operatorLegalTrade, { x: 1 }, t.operator), 400, 'Unknown field: x');
    expectRefusal(await post(t.app, FIAT_PATHS.operatorLegalTrade, { pay_time: 30, x: 1 }, t.operator), 400, 'Unknown field: x');
    expectRefusal(await post(t.app, FIAT_PATHS.operatorLegalTrade, { pay_time: 30, x: 1 }, { ...t.operator, lang: 'fr_FR' }), 400, MESSAGES.fr_FR.unknownField.replace('{field}', 'x'));
    expect(await settings()).toEqual(was);
  });

  it('a spot order with a field the route does not know places nothing', async () => {
    const orders = await count('spot_order');
    const answer = await post(t.app, SPOT_PATHS.place, { symbol: 'btc_usdt', side: 'sell', type: 'limit', price: '1000000', quantity: '0.001', leverage: 100 }, t.user);
    expectRefusal(answer, 400, 'Unknown field: leverage');
    expect(await count('spot_order')).toBe(orders);
  });

  it('a query string beside a submission is an unknown field too: the order is not placed with it read as nothing', async () => {
    const orders = await count('spot_order');
    const order = { symbol: 'btc_usdt', side: 'sell', type: 'limit', price: '1000000', quantity: '0.001' };
    expectRefusal(await post(t.app, `${SPOT_PATHS.place}?leverage=100`, order, t.user), 400, 'Unknown field: leverage');
    expectRefusal(await post(t.app, `${WALLET_PATHS.balances}?account=contract&evil=1`, { account: 'spot' }, { ...t.user, lang: 'fr_FR' }), 400, MESSAGES.fr_FR.unknownField.replace('{field}', 'account'));
    expect(await count('spot_order')).toBe(orders);
  });

  it('a call that takes no payload still takes {} and null, and refuses members', async () => {
    expectOk(await post(t.app, '/api/user/addresses', {}, t.user));
    expectRefusal(await post(t.app, '/api/user/addresses', { user_id: 1 }, t.user), 400, 'Unknown field: user_id');
  });
});
