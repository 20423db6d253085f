import { describe, expect, it } from 'vitest';
import { SECONDS_PATHS, SECONDS_RISK_VERSION, type SecondsAccount, type SecondsConfig, type SecondsContract, type SecondsPeriod } from '../../../domain/seconds.js';
import type { Page } from '../../../domain/wallet.js';
import { MESSAGES } from '../../../server/kernel/platform/i18n/messages.js';
import { indexFromSamples } from '../../../server/products/seconds/indexPrice.js';
import { expectOk, post } from '../http.js';
import { useSeconds } from './harness.js';
import { INDEX_KEPT_SECONDS } from '../../../server/products/seconds/scheduler.js';
import { settleDue } from '../../../server/products/seconds/settlement.js';
import { settlementMismatches } from '../../../server/products/seconds/settlementCheck.js';
import { adminCode, auditMark, auditRowsAfter } from '../support/operators.js';

const t = useSeconds();
const en = MESSAGES.en_US;

/** Buys at second `a` with index `buy`, then sets the expiry second's index to `settle` and settles there. */
async function playOut(direction: 'up' | 'down', buy: string, settle: string, stake = '100') {
  const a = t.pricedAt(buy, 300);
  const user = await t.user('1000');
  const bought = expectOk(await t.buy(user, { direction, quantity: stake }));
  expect(bought).toMatchObject({ buy_price: buy, expiry_second: a + 30, expires_at: (a + 30) * 1000, status: 1, quantity: stake, estimated_profit: '80' });
  expect(await t.balance(user)).toEqual({ available: '900', frozen: '100' });
  t.trades.priceOf('BTC_USDT', a + 30, settle);
  t.at(a + 29, 900);
  expect((await t.settle()).settled).toBe(0); // not yet: the expiry second has not begun
  t.at(a + 30, 20);
  const houseBefore = await t.house();
  expect((await t.settle()).settled).toBe(1);
  const settled = await t.contract(bought.id);
  await t.expectAuditClean();
  return { user, bought, settled, balance: await t.balance(user), houseBefore, houseAfter: await t.house() };
}

describe('seconds contracts: buying and settling', () => {
  it('up wins when the expiry price is above the buy price: stake back plus stake × rate, paid by the house', async () => {
    const r = await playOut('up', '60000', '60000.5');
    expect(r.settled).toMatchObject({ status: 2, outcome: 'win', settle_price: '60000.5', profit: '80' });
    expect(r.balance).toEqual({ available: '1080', frozen: '0' });
    expect(Number(r.houseBefore.available) - Number(r.houseAfter.available)).toBe(80);
  });

  it('up loses when the expiry price is below (beyond the draw band): the stake goes to the house', async () => {
    const r = await playOut('up', '60000', '59999.9');
    expect(r.settled).toMatchObject({ outcome: 'loss', profit: '-100' });
    expect(r.balance).toEqual({ available: '900', frozen: '0' });
    expect(Number(r.houseAfter.available) - Number(r.houseBefore.available)).toBe(100);
  });

  it('up is a draw at the same price: the stake comes back', async () => {
    const r = await playOut('up', '60000', '60000');
    expect(r.settled).toMatchObject({ outcome: 'draw', profit: '0' });
    expect(r.balance).toEqual({ available: '1000', frozen: '0' });
    expect(r.houseAfter).toEqual(r.houseBefore);
  });

  it('down wins below, loses above, draws at the same price', async () => {
    const win = await playOut('down', '60000', '59000');
    expect(win.settled).toMatchObject({ outcome: 'win', profit: '80' });
    expect(win.balance).toEqual({ available: '1080', frozen: '0' });
    const loss = await playOut('down', '60000', '61000');
    expect(loss.settled).toMatchObject({ outcome: 'loss', profit: '-100' });
    expect(loss.balance).toEqual({ available: '900', frozen: '0' });
    const draw = await playOut('down', '60000', '60000');
    expect(draw.settled).toMatchObject({ outcome: 'draw', profit: '0' });
    expect(draw.balance).toEqual({ available: '1000', frozen: '0' });
  });

  it('pushes the settled contract and the balance to the owner on the private channel', async () => {
    const r = await playOut('up', '100', '101');
    const pushed = t.feed.messages.filter((m) => m.userId === r.user.id).map((m) => m.message);
    expect(pushed).toEqual([
      expect.objectContaining({ kind: 'seconds', contract: expect.objectContaining({ id: r.bought.id, status: 1 }) }),
      expect.objectContaining({ kind: 'seconds', contract: expect.objectContaining({ id: r.bought.id, status: 2, outcome: 'win', settle_price: '101' }) }),
    ]);
    expect(t.feed.balances.filter((id) => id === r.user.id).length).toBe(2);
  });

  it('lists open contracts, then history, newest first, and the account figures', async () => {
    const a = t.pricedAt('500', 100);
    const user = await t.user('1000');
    const first = expectOk(await t.buy(user, { direction: 'up', quantity: '10' }));
    const second = expectOk(await t.buy(user, { direction: 'down', quantity: '20', period: 60 }));
    const current = expectOk(await post<Page<SecondsContract>>(t.app, SECONDS_PATHS.current, { page: 1 }, user.headers));
    expect(current.list.map((c) => c.id)).toEqual([second.id, first.id]);
    expect(current.total).toBe(2);
    t.trades.priceOf('BTC_USDT', a + 30, '510');
    t.trades.priceOf('BTC_USDT', a + 60, '510');
    t.at(a + 61, 20);
    await t.settle();
    const history = expectOk(await post<Page<SecondsContract>>(t.app, SECONDS_PATHS.history, { days: 3, page: 1, size: 1 }, user.headers));
    expect(history).toMatchObject({ total: 2, page: 1, size: 1 });
    expect(history.list[0]).toMatchObject({ id: second.id, outcome: 'loss', settle_price: '510', profit: '-20', period: 60, direction: 'down' });
    const account = expectOk(await post<SecondsAccount>(t.app, SECONDS_PATHS.account, {}, user.headers));
    expect(account).toMatchObject({ acknowledged: true, available: '988', frozen: '0', today_profit: '-12', open_count: 0 });
    await t.expectAuditClean();
  });
});

describe('seconds contracts: the index price', () => {
  it('is the median of the five per-second samples: one big trade at the last instant does not move it', () => {
    const samples = new Map([
      [95, '100'],
      [96, '100'],
      [97, '101'],
      [98, '100'],
      [99, '250'], // a whale in the last second before 100
    ]);
    expect(indexFromSamples(100, samples, undefined)).toBe('100');
    // A quiet second repeats the previous one; before the first, the carried price.
    expect(indexFromSamples(100, new Map([[98, '102']]), '99')).toBe('99');
    expect(indexFromSamples(100, new Map([[97, '102']]), '99')).toBe('102');
    expect(indexFromSamples(100, new Map(), undefined)).toBeUndefined();
  });

  it('a late settlement (after an outage) uses the expiry second price, never the price when it runs', async () => {
    const a = t.pricedAt('2000', 500);
    const user = await t.user('1000');
    const bought = expectOk(await t.buy(user, { direction: 'up', quantity: '50' }));
    t.trades.priceOf('BTC_USDT', a + 30, '2001'); // up would win at expiry
    // Nothing ran at the expiry second; by the time settlement runs the market has fallen.
    for (let s = a + 31; s < a + 400; s++) t.trades.trade('BTC_USDT', s * 1000 + 1, '1500');
    t.at(a + 400, 20);
    expect((await t.settle()).settled).toBe(1);
    expect(await t.contract(bought.id)).toMatchObject({ outcome: 'win', settle_price: '2001', profit: '40' });
    const [recorded] = await t.db.query<{ price: string }>(`select trim_scale(price)::text as price from seconds_index where left_symbol = 'BTC' and second = $1`, [a + 30]);
    expect(recorded?.price).toBe('2001');
    await t.expectAuditClean();
  });

  it('a recorded second keeps its price, even if trades of that second arrive after it was recorded', async () => {
    const a = t.pricedAt('3000', 500);
    const user = await t.user('1000');
    const bought = expectOk(await t.buy(user, { direction: 'down', quantity: '50' }));
    t.trades.priceOf('BTC_USDT', a + 30, '2999');
    t.at(a + 30, 5);
    await t.product.scheduler.runOnce(); // records a+30 at 2999 and settles
    expect(await t.contract(bought.id)).toMatchObject({ outcome: 'win', settle_price: '2999' });
    // Late trades stamped before the expiry second cannot change what was recorded.
    for (let s = a + 25; s < a + 30; s++) t.trades.trade('BTC_USDT', s * 1000 + 999, '9999', '1000');
    expect(await t.product.index.priceAt(t.product.pairs().get('BTC_USDT')!, a + 30)).toBe('2999');
  });
});

describe('seconds index: bounded', () => {
  it('prunes recorded seconds older than a week and keeps the recent ones', async () => {
    const now = t.second();
    const old = now - INDEX_KEPT_SECONDS - 60;
    await t.db.query(`insert into seconds_index (left_symbol, right_symbol, second, price) values ('BTC', 'USDT', $1, 1) on conflict do nothing`, [old]);
    await t.db.query(`insert into seconds_index (left_symbol, right_symbol, second, price) values ('BTC', 'USDT', $1, 1) on conflict do nothing`, [now - 60]);
    // Two hours on, so the hourly prune is due whatever earlier runs did.
    t.at(now + 7200, 100);
    await t.product.scheduler.runOnce();
    const seconds = (await t.db.query<{ second: number }>(`select second from seconds_index where left_symbol = 'BTC' and second in ($1, $2)`, [old, now - 60])).map((r) => Number(r.second));
    expect(seconds).toEqual([now - 60]);
  });
});

describe('seconds contracts: exactly once', () => {
  it('settles every contract once, however many times settlement runs, also at the same moment', async () => {
    const a = t.pricedAt('700', 200);
    const buyers = await Promise.all(Array.from({ length: 5 }, () => t.user('1000')));
    const ids: number[] = [];
    for (const [i, u] of buyers.entries()) {
      ids.push(expectOk(await t.buy(u, { direction: i % 2 ? 'up' : 'down', quantity: '10' })).id);
      ids.push(expectOk(await t.buy(u, { direction: 'up', quantity: '15' })).id);
    }
    t.trades.priceOf('BTC_USDT', a + 30, '701');
    t.at(a + 31, 0);
    const runs = await Promise.all([t.settle(), t.settle(), t.settle()]);
    expect(runs.reduce((n, r) => n + r.settled, 0)).toBe(ids.length);
    expect((await t.settle()).settled).toBe(0);
    for (const id of ids) expect((await t.contract(id)).status).toBe(2);
    expect(await settlementMismatches(t.db)).toEqual([]);
    await t.expectAuditClean();
  });

  it('settles a backlog of two expiry seconds in several batches, each contract once at its own second, the chains intact', async () => {
    const a = t.scenario();
    t.trades.priceOf('BTC_USDT', a, '700');
    t.trades.priceOf('BTC_USDT', a + 10, '700');
    const buyers = await Promise.all(Array.from({ length: 3 }, () => t.user('1000')));
    const bought: SecondsContract[] = [];
    for (const [k, second] of [a, a + 10].entries()) {
      t.at(second, 200);
      // Different amounts each second: the same body again would be a repeat of the same submission.
      for (const [i, u] of buyers.entries()) {
        bought.push(expectOk(await t.buy(u, { direction: i % 2 ? 'up' : 'down', quantity: String(10 + k) })));
        if (i === 0) bought.push(expectOk(await t.buy(u, { direction: 'up', quantity: String(15 + k) })));
      }
    }
    const ids = bought.map((c) => c.id);
    t.trades.priceOf('BTC_USDT', a + 30, '701'); // up wins at a + 30 …
    t.trades.priceOf('BTC_USDT', a + 40, '699'); // … and loses at a + 40
    t.at(a + 45, 0);
    const pushesBefore = t.feed.messages.length;
    // Batches of one second each: the two expiry seconds in two transactions.
    const run = await settleDue({ db: t.db, index: t.product.index, pairs: t.product.pairs, feed: t.feed.feed, clock: t.now }, 1);
    expect(run).toEqual({ settled: ids.length, unpriced: 0 });
    for (const c of bought) {
      const first = c.expiry_second === a + 30;
      const wins = first ? c.direction === 'up' : c.direction === 'down';
      expect(await t.contract(c.id)).toEqual({
        status: 2,
        settle_price: first ? '701' : '699',
        outcome: wins ? 'win' : 'loss',
        profit: wins ? String(Number(c.quantity) * 0.8) : `-${c.quantity}`,
      });
    }
    expect(await settlementMismatches(t.db)).toEqual([]);
    // One batch per second: two settlements, each with one entry per owner and one for the house.
    const settlements = await t.db.query<{ id: string; contracts: number }>(
      `select id, contracts from seconds_settlement where id in (select settlement_id from seconds_contract_view where id = any($1::bigint[])) order by id`,
      [ids],
    );
    expect(settlements.map((r) => r.contracts)).toEqual([4, 4]);
    const pushed = t.feed.messages.slice(pushesBefore).map((m) => (m.message as { contract: SecondsContract }).contract);
    expect(pushed.map((c) => c.id).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    expect(pushed.find((c) => c.id === ids[1])).toEqual({ ...bought[1], status: 2, settle_price: '701', outcome: 'win', profit: '12', settled_at: t.now() });
    await t.expectAuditClean();
  });

  it('an Idempotency-Key repeat answers the first contract and freezes nothing more', async () => {
    t.pricedAt('700', 200);
    const user = await t.user('1000');
    const headers = { 'idempotency-key': 'seconds-buy-0001' };
    const first = expectOk(await t.buy(user, { direction: 'up', quantity: '10' }, headers));
    const again = expectOk(await t.buy(user, { direction: 'up', quantity: '10' }, headers));
    expect(again.id).toBe(first.id);
    expect(await t.balance(user)).toEqual({ available: '990', frozen: '10' });
  });
});

describe('seconds contracts: refusals change nothing', () => {
  async function refused(answer: Promise<{ body: { code: number; msg: string } }>, msg: string, code = 400) {
    const before = await t.db.query<{ n: number }>(`select count(*)::int as n from seconds_contract`);
    const { body } = await answer;
    expect(body).toMatchObject({ code, msg });
    const after = await t.db.query<{ n: number }>(`select count(*)::int as n from seconds_contract`);
    expect(after).toEqual(before);
  }

  it('refuses stakes out of bounds, bad amounts, a disabled period, too little balance, no acknowledgement', async () => {
    t.pricedAt('700', 200);
    const user = await t.user('50');
    await refused(t.buy(user, { direction: 'up', quantity: '9.99' }), en.secondsStakeTooSmall.replace('{min}', '10'));
    await refused(t.buy(user, { direction: 'up', quantity: '10000.01' }), en.secondsStakeTooLarge.replace('{max}', '10,000'));
    await refused(t.buy(user, { direction: 'up', quantity: '10.001' }), en.secondsQuantityInvalid.replace('{places}', '2'));
    await refused(t.buy(user, { direction: 'up', quantity: '-10' }), en.secondsQuantityInvalid.replace('{places}', '2'));
    await refused(t.buy(user, { direction: 'up', quantity: '1e3' }), en.secondsQuantityInvalid.replace('{places}', '2'));
    await refused(t.buy(user, { direction: 'up', quantity: '60' }), en.secondsInsufficientBalance);
    await refused(t.buy(user, { direction: 'up', quantity: '10', period: 45 }), en.secondsPeriodUnavailable);
    await refused(t.buy(user, { direction: 'up', quantity: '10', symbol: 'ada_usdt' }), en.secondsPairUnknown);
    await refused(t.buy(user, { direction: 'sideways', quantity: '10' }), 'Invalid value: Direction (direction)');
    const stranger = await t.user('1000', false);
    await refused(t.buy(stranger, { direction: 'up', quantity: '10' }), en.secondsRiskNotAcknowledged);
    expect(await t.balance(user)).toEqual({ available: '50', frozen: '0' });
    // In the caller's language.
    const ja = await t.buy(stranger, { direction: 'up', quantity: '10' }, { lang: 'ja_JP' });
    expect(ja.body.msg).toBe(MESSAGES.ja_JP.secondsRiskNotAcknowledged);
    // Acknowledging once is enough.
    expectOk(await post(t.app, SECONDS_PATHS.acknowledge, {}, stranger.headers));
    expectOk(await post(t.app, SECONDS_PATHS.acknowledge, {}, stranger.headers));
    expectOk(await t.buy(stranger, { direction: 'up', quantity: '10' }));
    await t.expectAuditClean();
  });

  it('asks again a trader who accepted an earlier risk warning, and buys once they accept this one', async () => {
    t.pricedAt('700', 200);
    const user = await t.user('100', false);
    const account = async () => expectOk(await post<SecondsAccount>(t.app, SECONDS_PATHS.account, {}, user.headers));
    // Accepted when the warning did not yet say that the platform does not check the law where they live.
    await t.db.query(`insert into seconds_acknowledgement (user_id, version, acknowledged_ms) values ($1, $2, 0)`, [user.id, SECONDS_RISK_VERSION - 1]);
    expect(await account()).toMatchObject({ acknowledged: false, risk_version: SECONDS_RISK_VERSION });
    await refused(t.buy(user, { direction: 'up', quantity: '10' }), en.secondsRiskNotAcknowledged);
    expect(await t.balance(user)).toEqual({ available: '100', frozen: '0' });
    expectOk(await post(t.app, SECONDS_PATHS.acknowledge, {}, user.headers));
    expect(await account()).toMatchObject({ acknowledged: true, risk_version: SECONDS_RISK_VERSION });
    expectOk(await t.buy(user, { direction: 'up', quantity: '10' }));
    await t.expectAuditClean();
  });

  it('refuses a purchase whose expiry second is already settled (one held up longer than its period), freezing nothing', async () => {
    const a = t.pricedAt('700', 200);
    const user = await t.user('100');
    await t.db.query(`insert into seconds_settlement (id, settled_ms) values (-1, 0) on conflict do nothing`);
    await t.db.query(
      `insert into seconds_second (left_symbol, right_symbol, second, settle_price, settled_ms, settlement_id) values ('BTC', 'USDT', $1, 700, 0, -1)`,
      [a + 30],
    );
    await refused(t.buy(user, { direction: 'up', quantity: '10' }), en.secondsNoPrice);
    expect(await t.balance(user)).toEqual({ available: '100', frozen: '0' });
  });

  it('bounds the net open stake per pair, period and direction (the house exposure)', async () => {
    expectOk(await post<SecondsPeriod>(t.app, SECONDS_PATHS.operatorUpdatePeriod, { symbol: 'ETH_USDT', period: 60, max_exposure: '100' }, t.operator));
    t.pricedAt('3000', 200, 'ETH_USDT');
    const user = await t.user('1000');
    const eth = (body: object) => t.buy(user, { symbol: 'eth_usdt', period: 60, ...body });
    expectOk(await eth({ direction: 'up', quantity: '60' }));
    await refused(eth({ direction: 'up', quantity: '50' }), en.secondsExposureLimit);
    // Other periods and pairs are bounded apart (other users: one user's open stake has its own bound).
    const others = [await t.user('1000'), await t.user('1000'), await t.user('1000')];
    expectOk(await t.buy(others[0]!, { symbol: 'eth_usdt', period: 30, direction: 'up', quantity: '50' }));
    // Stakes the other way net out: up 60 − down 50 leaves room for 90 more up.
    expectOk(await t.buy(others[1]!, { symbol: 'eth_usdt', period: 60, direction: 'down', quantity: '50' }));
    expectOk(await t.buy(others[2]!, { symbol: 'eth_usdt', period: 60, direction: 'up', quantity: '90' }));
    await refused(eth({ direction: 'up', quantity: '10' }), en.secondsExposureLimit);
    await t.expectAuditClean();
  });

  it('nets stakes the other way only within one expiry second: each second settles at its own price, so across seconds they add up', async () => {
    expectOk(await post<SecondsPeriod>(t.app, SECONDS_PATHS.operatorUpdatePeriod, { symbol: 'ETH_USDT', period: 120, max_exposure: '100' }, t.operator));
    const a = t.pricedAt('3000', 200, 'ETH_USDT');
    const buyers = [await t.user('1000'), await t.user('1000'), await t.user('1000')];
    const eth = (user: (typeof buyers)[number], body: object) => t.buy(user, { symbol: 'eth_usdt', period: 120, ...body });
    expectOk(await eth(buyers[0]!, { direction: 'up', quantity: '60' }));
    // A second later: a down expiring a second after that up does not offset it (both can win): 60 + 50 is over 100.
    t.at(a + 1, 200);
    t.trades.priceOf('ETH_USDT', a + 1, '3000');
    await refused(eth(buyers[1]!, { direction: 'down', quantity: '50' }), en.secondsExposureLimit);
    expectOk(await eth(buyers[1]!, { direction: 'down', quantity: '40' }));
    // Within that second an up nets against its down: 40 down − 30 up leaves 10, so 60 + 10 + 30 more fits.
    expectOk(await eth(buyers[2]!, { direction: 'up', quantity: '30' }));
    expectOk(await eth(buyers[2]!, { direction: 'down', quantity: '30' }));
    await refused(eth(buyers[2]!, { direction: 'down', quantity: '10' }), en.secondsExposureLimit);
    await t.expectAuditClean();
  });

  it('lets an operator change a period: rate, stakes, switch; refuses nonsense', async () => {
    const periods = expectOk(await post<SecondsPeriod[]>(t.app, SECONDS_PATHS.operatorPeriods, {}, t.operator));
    expect(periods.filter((p) => p.symbol === 'BTC_USDT').map((p) => [p.period, p.payout_rate])).toEqual([
      [30, '0.8'],
      [60, '0.85'],
      [120, '0.85'],
      [300, '0.9'],
    ]);
    const mark = await auditMark(t.db);
    const changed = expectOk(await post<SecondsPeriod>(t.app, SECONDS_PATHS.operatorUpdatePeriod, { symbol: 'btc_usdt', period: 300, payout_rate: '0.88', enabled: false, totp_code: await adminCode(t.operator) }, t.operator));
    expect(changed).toMatchObject({ period: 300, payout_rate: '0.88', enabled: false });
    // Issue 51 §2: the change and its audit row, the fields changed before and after, in one transaction.
    expect(await auditRowsAfter(t.db, mark)).toEqual([
      expect.objectContaining({ kind: 'seconds.period_update', object_type: 'seconds_period', object_id: 'BTC_USDT:300', outcome: 'done', before: { payout_rate: '0.9', enabled: true }, after: { payout_rate: '0.88', enabled: false } }),
    ]);
    const config = expectOk(await post<SecondsConfig>(t.app, SECONDS_PATHS.config, { symbol: 'btc_usdt' }));
    expect(config.periods.map((p) => p.period)).toEqual([30, 60, 120]);
    const bad = await post(t.app, SECONDS_PATHS.operatorUpdatePeriod, { symbol: 'btc_usdt', period: 30, payout_rate: '1.5', totp_code: await adminCode(t.operator) }, t.operator);
    expect(bad.body).toMatchObject({ code: 400, msg: en.secondsPeriodInvalid.replace('{field}', 'payout_rate') });
    const crossed = await post(t.app, SECONDS_PATHS.operatorUpdatePeriod, { symbol: 'btc_usdt', period: 30, min_stake: '20000' }, t.operator);
    expect(crossed.body.code).toBe(400);
    expect((await auditRowsAfter(t.db, mark)).slice(1).map((r) => [r.kind, r.outcome, r.detail])).toEqual([
      ['seconds.period_update', 'refused', 'secondsPeriodInvalid'],
      ['seconds.period_update', 'refused', 'secondsPeriodInvalid'],
    ]);
    const user = await t.user('10');
    const notOperator = await post(t.app, SECONDS_PATHS.operatorUpdatePeriod, { symbol: 'btc_usdt', period: 30, payout_rate: '0.9' }, user.headers);
    expect(notOperator.body.code).toBe(403);
    expectOk(await post(t.app, SECONDS_PATHS.operatorUpdatePeriod, { symbol: 'btc_usdt', period: 300, payout_rate: '0.9', enabled: true, totp_code: await adminCode(t.operator) }, t.operator));
  });
});
