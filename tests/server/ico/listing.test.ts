import { afterAll, describe, expect, it } from 'vitest';
import { KLINE_INTERVALS } from '../../../domain/constants.js';
import type { IcoStreamMessage } from '../../../domain/ico.js';
import type { UserStreamMessage } from '../../../domain/spotOrders.js';
import { listCurrencies, listPairs, pairOpenings } from '../../../server/kernel/platform/catalogue.js';
import { changeBalance, readBalance } from '../../../server/kernel/platform/ledger/ledger.js';
import type { UserFeed } from '../../../server/kernel/platform/realtime/userFeed.js';
import { MarketService } from '../../../server/products/spot/marketService.js';
import { openAnnouncedPairs, unsimulatedPairs } from '../../../server/products/spot/product.js';
import { expectOk } from '../http.js';
import { HOUR, useIco } from './harness.js';
import { listedBy, listingStatus } from '../../../server/kernel/platform/pairListing.js';

/** The kernel's hook, as the composition root hands it to both products. */
const pairs = pairOpenings((message, error) => {
  throw new Error(`${message}: ${String(error)}`);
});
const messages: Array<{ userId: number; message: UserStreamMessage }> = [];
const feed: UserFeed = { balancesChanged: () => undefined, ordersCommitted: () => undefined, message: (userId, message) => void messages.push({ userId, message: message as UserStreamMessage }) };
const t = useIco({ pairs, feed });

let markets: MarketService | undefined;
afterAll(async () => {
  await markets?.stop();
});

/** The spot product's side: the markets built at start (none here, to stay quick) and the hook that opens announced pairs. */
async function spotMarkets(): Promise<MarketService> {
  markets ??= new MarketService(t.db, [], await listCurrencies(t.db), { publish: () => undefined }, { marketMakers: false, clock: t.now });
  return markets;
}

async function until<T>(read: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A project of `total` tokens at 0.05, one subscriber for all of it, released whole one period after the end. */
async function settledProject(listed: boolean) {
  const p = await t.project({ total: '1000', price: '0.05', token_places: 2, release_rate: '1', release_period_ms: HOUR, listed }, 2);
  const holder = await t.user('100');
  expectOk(await t.subscribe(holder, p.id, '1000'));
  t.advance(3 * HOUR);
  expect((await t.settle()).projects).toContain(p.id);
  return { p, holder };
}

describe('a listed project opens its spot pair at settlement', () => {
  it('settling inserts TOKEN_USDT, the spot market opens without a restart, and an order on it matches', async () => {
    const service = await spotMarkets();
    openAnnouncedPairs(pairs, t.db, async (pair) => void (await service.open(pair)));
    const { p, holder } = await settledProject(true);
    const symbol = `${p.symbol}_USDT`;

    const [row] = await t.db.query<{ trade_status: number; simulated: boolean; price_precision: number; amount_precision: number }>(
      `select ${listingStatus('spot')} as trade_status, simulated, price_precision, amount_precision from pair where left_symbol = $1 and right_symbol = 'USDT'`,
      [p.symbol],
    );
    expect(row).toEqual({ trade_status: 1, simulated: false, price_precision: 4, amount_precision: 2 });
    expect((await listPairs(t.db)).map((x) => `${x.left_symbol}_${x.right_symbol}`)).toContain(symbol);
    const market = await until(() => service.market(symbol), `the ${symbol} market`);

    // The holder thaws (all released one period after the end), moves the tokens to spot and sells; a buyer takes them.
    t.advance(HOUR);
    expectOk(await t.thaw(holder, p.id));
    await t.db.transaction(async (tx) => {
      await changeBalance(tx, { userId: holder.id, currency: p.symbol, account: 'ico', available: '-400', frozen: '0', kind: 'transfer_out', refType: 'test', refId: null });
      await changeBalance(tx, { userId: holder.id, currency: p.symbol, account: 'spot', available: '400', frozen: '0', kind: 'transfer_in', refType: 'test', refId: null });
    });
    const buyer = await t.user('0');
    await t.db.transaction((tx) => changeBalance(tx, { userId: buyer.id, currency: 'USDT', account: 'spot', available: '100', frozen: '0', kind: 'deposit', refType: 'test', refId: null }));
    const ask = await market.place({ userId: holder.id, side: 'sell', type: 'limit', price: '0.0625', quantity: '400' });
    expect(ask.ok).toBe(true);
    const bid = await market.place({ userId: buyer.id, side: 'buy', type: 'limit', price: '0.0625', quantity: '160' });
    expect(bid.ok && bid.events.some((e) => e.type === 'trade')).toBe(true);
    // 160 bought, less the taker's 0.1 % fee in the token.
    expect(await readBalance(t.db, buyer.id, p.symbol, 'spot')).toMatchObject({ available: '159.84' });

    // The raise's price increase now reads the pair's last price.
    expect(await t.projectById(p.id)).toMatchObject({ last_price: '0.0625', price_increase: '0.25' });
    await t.expectAuditClean();

    // After a restart the pair is built from the table like any other, with no made-up history and no market maker.
    const unsimulated = await unsimulatedPairs(t.db);
    expect(unsimulated.has(symbol)).toBe(true);
    const restarted = new MarketService(t.db, (await listPairs(t.db)).filter((x) => x.left_symbol === p.symbol), await listCurrencies(t.db), { publish: () => undefined }, {
      marketMakers: false,
      clock: t.now,
      unsimulated,
    });
    await restarted.prepare();
    expect(restarted.market(symbol)?.lastTradePrice()).toBe(625);
    // At most the one trade's bar per interval: nothing seeded (a seeded chart has 200+ bars an interval).
    const [candles] = await t.db.query<{ n: number }>(`select count(*)::int as n from candle where left_symbol = $1`, [p.symbol]);
    expect(candles!.n).toBeLessThanOrEqual(KLINE_INTERVALS.length);
    await restarted.stop();
  });

  it('an unlisted project opens nothing; listing it after its settlement opens the pair then', async () => {
    const service = await spotMarkets();
    const { p } = await settledProject(false);
    const symbol = `${p.symbol}_USDT`;
    expect(await t.db.query(`select 1 from pair where left_symbol = $1`, [p.symbol])).toHaveLength(0);
    expectOk(await t.save({ id: p.id, listed: true }));
    await until(() => service.market(symbol), `the ${symbol} market`);
    expect(await t.db.query(`select 1 from pair where left_symbol = $1 and ${listedBy('spot')}`, [p.symbol])).toHaveLength(1);
    // Saving again changes nothing.
    expectOk(await t.save({ id: p.id, listed: true }));
    expect(await t.db.query(`select 1 from pair where left_symbol = $1`, [p.symbol])).toHaveLength(1);
  });
});

describe('the private channel hears of subscriptions', () => {
  it('subscribed, settled and thawed reach the subscriber with the subscription as the lists show it', async () => {
    messages.length = 0;
    const { p, holder } = await settledProject(false);
    t.advance(HOUR);
    expectOk(await t.thaw(holder, p.id));
    const mine = messages.filter((m) => m.userId === holder.id && m.message.kind === 'ico').map((m) => m.message as IcoStreamMessage);
    expect(mine.map((m) => m.event)).toEqual(['subscribed', 'settled', 'thawed']);
    expect(mine[0]!.subscription).toMatchObject({ project_id: p.id, quantity: '1000', paid: '50', allocated: null });
    expect(mine[1]!.subscription).toMatchObject({ project_id: p.id, allocated: '1000', refund: '0', status: 'settled' });
    expect(mine[2]!.subscription).toMatchObject({ project_id: p.id, thawed: '1000', frozen: '0' });
    expect(mine[2]!.subscription).toEqual(await t.mine(holder, p.id));
  });
});
