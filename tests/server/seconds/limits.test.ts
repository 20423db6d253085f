import { describe, expect, it } from 'vitest';
import { SECONDS_PATHS, type SecondsPeriod } from '../../../domain/seconds.js';
import { MESSAGES } from '../../../server/kernel/platform/i18n/messages.js';
import { expectOk, post } from '../http.js';
import { usingPostgres } from '../testDb.js';
import { useSeconds } from './harness.js';

/**
 * Issue 34: the exposure bounds of a purchase. A user's bounds hold against concurrent purchases
 * (on PostgreSQL they really run at once: `DATABASE_URL=… npx vitest run --project server
 * tests/server/seconds/limits.test.ts`), and an expiry second carries no more than the book near
 * the price can answer for.
 */
const t = useSeconds();
const en = MESSAGES.en_US;

async function contractCount(): Promise<number> {
  const [row] = await t.db.query<{ n: number }>(`select count(*)::int as n from seconds_contract`);
  return Number(row!.n);
}

async function setPeriod(symbol: string, period: number, change: object) {
  expectOk(await post<SecondsPeriod>(t.app, SECONDS_PATHS.operatorUpdatePeriod, { symbol, period, ...change }, t.operator));
}

/** Resting limit orders of the pair, as the spot market keeps them in the database. */
async function rest(left: string, side: 'buy' | 'sell', price: string, quantity: string): Promise<number> {
  const [user] = await t.db.query<{ id: number }>(`insert into app_user (account, kind) values ($1, 'market_maker') returning id`, [`book-${Math.random()}@example.org`]);
  const [order] = await t.db.query<{ id: number }>(
    `insert into spot_order (user_id, left_symbol, right_symbol, side, type, tif, price, quantity, frozen, status, created_ms, updated_ms)
     values ($1, $2, 'USDT', $3, 'limit', 'GTC', $4, $5, 0, 1, 0, 0) returning id`,
    [user!.id, left, side, price, quantity],
  );
  return Number(order!.id);
}

/**
 * On PostgreSQL: holds SOL_USDT's period rows while `start` sends its purchases, until `waiting`
 * transactions wait for a lock, then lets them all go at once, so their checks really overlap
 * (unserialised, several would see none of the others' contracts). PGlite runs one at a time.
 */
async function atOnce<T>(waiting: number, start: () => Promise<T>): Promise<T> {
  if (!usingPostgres()) return start();
  let release!: () => void;
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = t.db.transaction(async (tx) => {
    await tx.query(`select 1 from seconds_period where left_symbol = 'SOL' and right_symbol = 'USDT' for update`);
    locked();
    await new Promise<void>((resolve) => (release = resolve));
  });
  await isLocked;
  const answers = start();
  for (let tries = 0; tries < 500; tries++) {
    const [row] = await t.db.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`);
    if (Number(row!.n) >= waiting) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  release();
  await holder;
  return answers;
}

describe('seconds limits per user, serialised per user', () => {
  it('concurrent purchases on four periods cannot beat the bound on one user’s open stake on a pair', async () => {
    for (const period of [30, 60, 120, 300]) await setPeriod('SOL_USDT', period, { max_exposure: '100', min_stake: '10', max_stake: '100' });
    t.pricedAt('150', 200, 'SOL_USDT');
    const user = await t.user('1000');
    const before = await t.balance(user);
    // Four purchases at once, each under its own period's lock: only the user's lock orders them.
    const answers = await atOnce(4, () => Promise.all([30, 60, 120, 300].map((period) => t.buy(user, { symbol: 'sol_usdt', period, direction: 'up', quantity: '60' }))));
    const accepted = answers.filter((r) => r.body.code === 200);
    expect(accepted).toHaveLength(1);
    for (const r of answers.filter((x) => x.body.code !== 200)) expect(r.body).toMatchObject({ code: 400, msg: en.secondsUserOpenLimit.replace('{max}', '100') });
    expect(await t.balance(user)).toEqual({ available: String(Number(before.available) - 60), frozen: '60' });
    // What is left of the bound is still open to them.
    expectOk(await t.buy(user, { symbol: 'sol_usdt', period: 60, direction: 'down', quantity: '40' }));
    await t.expectAuditClean();
  });

  it('one user’s stakes in one expiry second are bounded by the period’s max stake, however they are split', async () => {
    const a = t.pricedAt('60000', 200);
    const user = await t.user('30000');
    expectOk(await t.buy(user, { direction: 'up', quantity: '6000' }));
    const count = await contractCount();
    const { body } = await t.buy(user, { direction: 'down', quantity: '5000' });
    expect(body).toMatchObject({ code: 400, msg: en.secondsUserSecondLimit.replace('{max}', '10,000') });
    expect(await contractCount()).toBe(count);
    expect(await t.balance(user)).toEqual({ available: '24000', frozen: '6000' });
    expectOk(await t.buy(user, { direction: 'down', quantity: '4000' }));
    // The next second is another expiry second.
    t.at(a + 1, 200);
    t.trades.priceOf('BTC_USDT', a + 1, '60000');
    expectOk(await t.buy(user, { direction: 'up', quantity: '5000' }));
    await t.expectAuditClean();
  });
});

describe('an expiry second is bounded by the depth near the price', () => {
  it('nets each direction against half the quote resting within 0.5 % on the thinner side; an empty book allows nothing', async () => {
    const a = t.scenario();
    t.trades.priceOf('ETH_USDT', a, '3000');
    const orders = [await rest('ETH', 'buy', '2999', '10'), await rest('ETH', 'sell', '3001', '20'), await rest('ETH', 'buy', '2900', '100')];
    t.at(a, 100);
    await t.product.sampler.sampleNow();
    // Bids within 0.5 % of 3000: 10 × 2999 = 29,990 (the order at 2900 is outside); half of it is the bound.
    expect(t.product.sampler.depthNear({ symbol: 'ETH_USDT', left: 'ETH', right: 'USDT', pricePrecision: 2 })).toBe('29990');
    const [first, second, third] = [await t.user('20000'), await t.user('20000'), await t.user('20000')];
    const eth = (user: typeof first, direction: string, quantity: string) => t.buy(user, { symbol: 'eth_usdt', direction, quantity });
    expectOk(await eth(first, 'up', '10000'));
    const count = await contractCount();
    expect((await eth(second, 'up', '5000')).body).toMatchObject({ code: 400, msg: en.secondsDepthLimit });
    expect(await contractCount()).toBe(count);
    expect(await t.balance(second)).toEqual({ available: '20000', frozen: '0' });
    // The other direction nets out: down 5,000 makes room for 5,000 more up.
    expectOk(await eth(third, 'down', '5000'));
    expectOk(await eth(second, 'up', '5000'));
    // A book with nothing resting (or not seen lately) takes no more net exposure. (Last in this file:
    // from here the sampler has seen every pair's book empty.)
    await t.db.query(`update spot_order set status = 4 where id = any($1::bigint[])`, [orders]);
    t.advance(100);
    await t.product.sampler.sampleNow();
    expect((await eth(third, 'up', '10')).body).toMatchObject({ code: 400, msg: en.secondsDepthLimit });
    await t.expectAuditClean();
  });
});
