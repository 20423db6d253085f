import { describe, expect, it } from 'vitest';
import { SPOT_PATHS, type PlaceSpotOrder, type SpotOrder } from '../../../domain/spotOrders.js';
import { MESSAGES } from '../../../server/kernel/platform/i18n/messages.js';
import { changeBalance, readBalance } from '../../../server/kernel/platform/ledger/ledger.js';
import { auditBooks } from '../../../server/products/audit.js';
import { spotTrading } from '../../../server/products/spot/trading.js';
import { expectOk, post } from '../http.js';
import { orderCount, trader, useSpotApp } from './spotApp.js';

/**
 * Issue 49 §5: Binance's MARKET BUY of a base `quantity` (what ccxt's createOrder sends), as spot's
 * trading does it for the Binance dialect: the engine walks the asks for that quantity with the
 * buyer's available quote as the bound, a buy that bound cannot pay for is refused whole, and what
 * was not spent is given back — the ledger audit exact throughout. Also the dialect's rule that
 * only a client order id deduplicates, and the browser's market buy by amount, unchanged.
 */
const t = useSpotApp();
const en = MESSAGES.en_US;
const trading = () => spotTrading({ db: t.db, markets: { market: (s) => t.markets.get(s), holding: () => undefined }, pairStatusMs: 0 });
const BINANCE = { marketBuyByQuantity: true, keyedOnly: true } as const;
const place = (headers: Record<string, string>, body: object) => post<SpotOrder>(t.app, SPOT_PATHS.place, body, headers);
const byQuantity = (symbol: string, quantity: string): PlaceSpotOrder => ({ symbol, side: 'buy', type: 'market', quantity });

/** A seller resting these asks (price, quantity) on `symbol`. */
async function asks(symbol: string, base: string, levels: Array<[string, string]>) {
  const seller = await trader(t.db, { [base]: '100' });
  for (const [price, quantity] of levels) expectOk(await place(seller.headers(), { symbol, side: 'sell', type: 'limit', price, quantity }));
  return seller;
}

/** The buyer's ledger entries in `currency` of one kind, as decimal changes of `available`. */
async function entries(userId: number, currency: string, kind: string): Promise<string[]> {
  const rows = await t.db.query<{ change: string }>(
    `select trim_scale(available_change)::text as change from ledger_entry where user_id = $1 and currency = $2 and kind = $3 order by id`,
    [userId, currency, kind],
  );
  return rows.map((r) => r.change);
}

describe('a market buy of a base quantity (the Binance dialect)', () => {
  it('walks the asks for the quantity, freezing the available quote as its bound, and gives back what it did not spend', async () => {
    await asks('BNB_USDT', 'BNB', [['500', '1'], ['510', '1']]);
    const buyer = await trader(t.db, { USDT: '2000' });
    const bought = await trading().place(buyer.id, byQuantity('BNB_USDT', '1.5'), undefined, BINANCE);
    expect(bought).toMatchObject({ ok: true, data: { side: 'buy', type: 'market', quantity: '1.5', amount: '0', filled: '1.5', turnover: '755', status: 3 } });
    expect(await readBalance(t.db, buyer.id, 'USDT')).toEqual({ available: '1245', frozen: '0' });
    // The bound frozen was the whole available balance; the unspent part came back when it ended.
    expect(await entries(buyer.id, 'USDT', 'order_freeze')).toEqual(['-2000']);
    expect(await entries(buyer.id, 'USDT', 'order_unfreeze')).toEqual(['1245']);
    expect(await auditBooks(t.db)).toEqual([]);
  });

  it('one the balance cannot pay for is refused whole: nothing trades and nothing stays frozen', async () => {
    const seller = await asks('LTC_USDT', 'LTC', [['100', '1'], ['110', '1']]);
    const short = await trader(t.db, { USDT: '154.99' });
    expect(await trading().place(short.id, byQuantity('LTC_USDT', '1.5'), undefined, BINANCE)).toEqual({ ok: false, key: 'spotInsufficientBalance' });
    expect(await readBalance(t.db, short.id, 'USDT')).toEqual({ available: '154.99', frozen: '0' });
    expect(t.markets.get('LTC_USDT')!.restingOrdersOf(seller.id).map((o) => o.remaining)).toEqual([1000, 1000]);
    // Under a client order id too; the refusal leaves the id free, so a retry after a deposit places.
    expect(await trading().place(short.id, byQuantity('LTC_USDT', '1.5'), 'retry-after-deposit', BINANCE)).toEqual({ ok: false, key: 'spotInsufficientBalance' });
    await t.db.transaction((tx) => changeBalance(tx, { userId: short.id, currency: 'USDT', account: 'spot', available: '0.01', frozen: '0', kind: 'deposit', refType: 'test', refId: null }));
    expect(await trading().place(short.id, byQuantity('LTC_USDT', '0.1'), 'retry-after-deposit', BINANCE)).toMatchObject({ ok: true, data: { filled: '0.1', turnover: '10' } });
    expect(await readBalance(t.db, short.id, 'USDT')).toEqual({ available: '145', frozen: '0' });
    const penniless = await trader(t.db, { BTC: '1' });
    expect(await trading().place(penniless.id, byQuantity('LTC_USDT', '0.1'), undefined, BINANCE)).toEqual({ ok: false, key: 'spotInsufficientBalance' });
    // Exactly enough (0.9 left at 100, then 0.6 at 110) buys it.
    const exact = await trader(t.db, { USDT: '156' });
    expect(await trading().place(exact.id, byQuantity('LTC_USDT', '1.5'), undefined, BINANCE)).toMatchObject({ ok: true, data: { filled: '1.5', turnover: '156', status: 3 } });
    expect(await readBalance(t.db, exact.id, 'USDT')).toEqual({ available: '0', frozen: '0' });
    expect(await auditBooks(t.db)).toEqual([]);
  });

  it('a book thinner than the quantity fills what it holds; the rest ends and its money comes back', async () => {
    await asks('SOL_USDT', 'SOL', [['20', '1']]);
    const buyer = await trader(t.db, { USDT: '1000' });
    expect(await trading().place(buyer.id, byQuantity('SOL_USDT', '3'), undefined, BINANCE)).toMatchObject({ ok: true, data: { quantity: '3', filled: '1', turnover: '20', status: 4 } });
    expect(await readBalance(t.db, buyer.id, 'USDT')).toEqual({ available: '980', frozen: '0' });
    expect(await auditBooks(t.db)).toEqual([]);
  });

  it('keeps the pair’s quantity rules: precision, minimum, and a positive decimal', async () => {
    const buyer = await trader(t.db, { USDT: '1000' });
    expect(await trading().place(buyer.id, byQuantity('SOL_USDT', '0.0001'), undefined, BINANCE)).toMatchObject({ ok: false, key: 'spotQuantityPrecision' });
    expect(await trading().place(buyer.id, byQuantity('SOL_USDT', '0'), undefined, BINANCE)).toMatchObject({ ok: false, key: 'spotQuantityPositive' });
    expect(await trading().place(buyer.id, { symbol: 'SOL_USDT', side: 'buy', type: 'market' }, undefined, BINANCE)).toMatchObject({ ok: false, key: 'spotQuantityRequired' });
    expect(await orderCount(t.db, buyer.id)).toBe(0);
  });
});

describe('deduplication', () => {
  const order: PlaceSpotOrder = { symbol: 'ETH_USDT', side: 'buy', type: 'limit', price: '1000', quantity: '0.1' };

  it('keyed only: two identical orders without a key are two orders, and one key is one order', async () => {
    const buyer = await trader(t.db, { USDT: '1000' });
    const first = expectOkOutcome(await trading().place(buyer.id, order, undefined, { keyedOnly: true }));
    const second = expectOkOutcome(await trading().place(buyer.id, order, undefined, { keyedOnly: true }));
    expect(second.id).not.toBe(first.id);
    const keyed = expectOkOutcome(await trading().place(buyer.id, order, 'client-order-0001', { keyedOnly: true }));
    expect(expectOkOutcome(await trading().place(buyer.id, order, 'client-order-0001', { keyedOnly: true })).id).toBe(keyed.id);
    expect(await orderCount(t.db, buyer.id)).toBe(3);
  });

  it('the browser’s rule is unchanged: the same body twice within 2 s is one order', async () => {
    const buyer = await trader(t.db, { USDT: '1000' });
    const first = expectOk(await place(buyer.headers(), order));
    expect(expectOk(await place(buyer.headers(), order)).id).toBe(first.id);
    expect(await orderCount(t.db, buyer.id)).toBe(1);
  });
});

describe('the browser’s market buy', () => {
  it('still spends an amount in quote; a quantity alone is still refused', async () => {
    await asks('ETH_USDT', 'ETH', [['2000', '1']]);
    const buyer = await trader(t.db, { USDT: '1000' });
    const refused = await place(buyer.headers(), { symbol: 'ETH_USDT', side: 'buy', type: 'market', quantity: '0.1' });
    expect(refused.body).toMatchObject({ code: 400, msg: en.spotAmountRequired });
    const bought = expectOk(await place(buyer.headers(), { symbol: 'ETH_USDT', side: 'buy', type: 'market', amount: '200' }));
    expect(bought).toMatchObject({ quantity: '0', amount: '200', filled: '0.1', turnover: '200', status: 3 });
    expect(await readBalance(t.db, buyer.id, 'USDT')).toEqual({ available: '800', frozen: '0' });
    expect(await auditBooks(t.db)).toEqual([]);
  });
});

function expectOkOutcome<T>(outcome: { ok: true; data: T } | { ok: false; key: string }): T {
  if (!outcome.ok) throw new Error(`refused: ${outcome.key}`);
  return outcome.data;
}
