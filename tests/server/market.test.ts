import { describe, expect, it } from 'vitest';
import type { Currency, Pair, PairPrice } from '../../domain/api.js';
import { mulDecimal } from '../../domain/decimal.js';
import { PRICING_CODES, usdtPricePair } from '../../domain/pricingCurrencies.js';
import { SEED_FIAT_RATES, SEED_RATES_SOURCE } from '../../server/kernel/platform/db/seed/fiatRates.js';
import { MESSAGES } from '../../server/kernel/platform/i18n/messages.js';
import { DECIMAL, expectOk, expectRefusal, get, post } from './http.js';
import { useTestApp } from './testDb.js';

const t = useTestApp();

const pairPrice = (pair: string, headers: Record<string, string> = {}) =>
  get<PairPrice>(t.app, `/api/market/pairPrice?pair=${encodeURIComponent(pair)}`, headers);

describe('GET /api/market/pairPrice', () => {
  const pricingPairs = PRICING_CODES.map(usdtPricePair);

  it('covers the 8 pricing currencies of spec §1', () => {
    expect(pricingPairs).toEqual(['usdt_usd', 'usdt_jpy', 'usdt_krw', 'usdt_hkd', 'usdt_rub', 'usdt_eur', 'usdt_gbp', 'usdt_try']);
  });

  it.each(pricingPairs)('%s → a decimal price with its source', async (pair) => {
    const data = expectOk(await pairPrice(pair));
    expect(data.pair).toBe(pair);
    expect(data.price).toMatch(DECIMAL);
    expect(Number(data.price)).toBeGreaterThan(0);
    expect(data.price).toBe(SEED_FIAT_RATES[pair]);
    expect(data.source.length).toBeGreaterThan(0);
    expect(Number.isNaN(Date.parse(data.updated_at))).toBe(false);
  });

  it('is case-insensitive in the pair name', async () => {
    const data = expectOk(await pairPrice('USDT_JPY'));
    expect(data.pair).toBe('usdt_jpy');
  });

  it('btc_usdt → the BTC price in USDT', async () => {
    const [btc] = await t.db.query<{ price: string }>(`select trim_scale(price)::text as price from currency where symbol = 'BTC'`);
    const data = expectOk(await pairPrice('btc_usdt'));
    expect(data.pair).toBe('btc_usdt');
    expect(data.price).toMatch(DECIMAL);
    expect(data.price).toBe(btc!.price);
    expect(data.source.length).toBeGreaterThan(0);
  });

  it('btc_jpy → BTC price × JPY rate, exactly', async () => {
    const btc = expectOk(await pairPrice('btc_usdt')).price;
    const jpy = expectOk(await pairPrice('usdt_jpy')).price;
    const data = expectOk(await pairPrice('btc_jpy'));
    expect(data.pair).toBe('btc_jpy');
    expect(data.price).toMatch(DECIMAL);
    expect(data.price).toBe(mulDecimal(btc, jpy));
    expect(data.price).toBe('14858189.685'); // 96250.5 × 154.37 with the seed figures
    expect(data.source).toContain('seed');
  });

  it('follows an operator edit of a fiat rate', async () => {
    await t.db.query(`update fiat_rate set price = '150.5', source = 'operator' where pair = 'usdt_jpy'`);
    try {
      const data = expectOk(await pairPrice('usdt_jpy'));
      expect(data).toMatchObject({ price: '150.5', source: 'operator' });
    } finally {
      await t.db.query(`update fiat_rate set price = $1, source = $2 where pair = 'usdt_jpy'`, [SEED_FIAT_RATES.usdt_jpy, SEED_RATES_SOURCE]);
    }
  });

  it.each(['usdt_xyz', 'zzz_usdt', 'zzz_jpy', 'btc_eth', 'usdt_cny'])('unknown pair %s → code 404, translated', async (pair) => {
    expectRefusal(await pairPrice(pair), 404, MESSAGES.en_US.unknownPair);
    expectRefusal(await pairPrice(pair, { lang: 'ja_JP' }), 404, MESSAGES.ja_JP.unknownPair);
  });

  it.each([
    ['empty', '/api/market/pairPrice?pair='],
    ['missing', '/api/market/pairPrice'],
    ['no underscore', '/api/market/pairPrice?pair=btcusdt'],
    ['three parts', '/api/market/pairPrice?pair=btc_usdt_x'],
    ['leading underscore', '/api/market/pairPrice?pair=_usdt'],
    ['symbols', '/api/market/pairPrice?pair=btc%27_usdt'],
    ['SQL', `/api/market/pairPrice?pair=${encodeURIComponent("btc_usdt' or 1=1--")}`],
    ['control bytes', '/api/market/pairPrice?pair=%00%01'],
    ['very long', `/api/market/pairPrice?pair=${'a'.repeat(5000)}_usdt`],
    ['repeated', '/api/market/pairPrice?pair=btc_usdt&pair=eth_usdt'],
    ['nested', '/api/market/pairPrice?pair[x]=btc_usdt'],
    ['bad percent-encoding', '/api/market/pairPrice?pair=%E0%A4%A'],
  ])('%s pair → code 400, never 500', async (_name, url) => {
    const answer = await get(t.app, url);
    expectRefusal(answer, 400);
  });

  it('a missing pair names the field, translated', async () => {
    expectRefusal(await get(t.app, '/api/market/pairPrice', { lang: 'ja_JP' }), 400, '不正な値です：取引ペア（pair）');
  });
});

describe('POST /api/currency_list', () => {
  it('lists BTC, ETH and USDT with their switches and decimal prices', async () => {
    const list = expectOk(await post<Currency[]>(t.app, '/api/currency_list'));
    const symbols = list.map((c) => c.symbol);
    expect(symbols).toEqual(expect.arrayContaining(['BTC', 'ETH', 'USDT']));
    expect(new Set(symbols).size).toBe(symbols.length);
    for (const c of list) {
      expect(c.name.length).toBeGreaterThan(0);
      expect(c.price).toMatch(DECIMAL);
      expect(c.circulating_supply).toMatch(DECIMAL);
      for (const flag of [c.recharge_turn, c.draw_turn, c.legal_status]) expect([0, 1]).toContain(flag);
    }
    const btc = list.find((c) => c.symbol === 'BTC')!;
    expect(btc).toMatchObject({ price: '96250.5', recharge_turn: 1, draw_turn: 1, legal_status: 1 });
    expect(list.find((c) => c.symbol === 'USDT')!.price).toBe('1');
  });

  it('keeps full precision and drops trailing zeros', async () => {
    await t.db.query(`update currency set price = '0.000000012345678900' where symbol = 'DOGE'`);
    try {
      const list = expectOk(await post<Currency[]>(t.app, '/api/currency_list'));
      expect(list.find((c) => c.symbol === 'DOGE')!.price).toBe('0.0000000123456789');
    } finally {
      await t.db.query(`update currency set price = '0.32417' where symbol = 'DOGE'`);
    }
  });
});

describe('POST /api/pair_list', () => {
  it('lists spot and contract pairs of listed currencies', async () => {
    const pairs = expectOk(await post<Pair[]>(t.app, '/api/pair_list'));
    const currencies = new Set(expectOk(await post<Currency[]>(t.app, '/api/currency_list')).map((c) => c.symbol));
    expect(pairs.length).toBeGreaterThan(0);
    for (const p of pairs) {
      expect(currencies.has(p.left_symbol)).toBe(true);
      expect(currencies.has(p.right_symbol)).toBe(true);
      for (const flag of [p.is_hot, p.trade_status, p.contract_status]) expect([0, 1]).toContain(flag);
      expect(Number.isInteger(p.price_precision)).toBe(true);
      expect(Number.isInteger(p.amount_precision)).toBe(true);
    }
    const find = (l: string, r: string) => pairs.find((p) => p.left_symbol === l && p.right_symbol === r);
    expect(find('BTC', 'USDT')).toMatchObject({ trade_status: 1, contract_status: 1 });
    expect(find('ETH', 'USDT')).toMatchObject({ trade_status: 1, contract_status: 1 });
    expect(find('ADA', 'USDT')).toMatchObject({ trade_status: 1, contract_status: 0 });
    expect(pairs.some((p) => p.trade_status === 1 && p.contract_status === 0)).toBe(true);
  });
});
