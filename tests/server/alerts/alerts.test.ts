import { describe, expect, it } from 'vitest';
import { ALERT_PATHS, MAX_ACTIVE_ALERTS, type AlertList, type PriceAlert } from '../../../domain/alerts.js';
import { listNotifications } from '../../../server/kernel/platform/notifications/notify.js';
import type { UserFeed } from '../../../server/kernel/platform/realtime/userFeed.js';
import { createAlerts } from '../../../server/products/alerts/product.js';
import { sweepAlerts } from '../../../server/products/alerts/watch.js';
import { expectOk, expectRefusal } from '../http.js';
import { productTestbed } from '../support/productTestbed.js';

/**
 * Price alerts: a user sets "tell me when ETH/USDT rises to / falls to P" on a spot market that
 * trades; each second the sweep reads the pair's trades since its last look, and an alert whose
 * price a trade reached ends as triggered, once, with a notice in its owner's language and the
 * bell rung. Bad input, a price already reached, an unknown pair and someone else's alert are
 * translated refusals that change nothing.
 */
const START = Date.UTC(2026, 11, 1, 9, 0, 0);
const pushes: Array<{ userId: number; kind: string }> = [];
const feed: UserFeed = { balancesChanged: () => undefined, ordersCommitted: () => undefined, message: (userId, message) => void pushes.push({ userId, kind: (message as { kind: string }).kind }) };
const t = productTestbed({ startAt: START, products: ({ db, now }) => createAlerts({ db, feed, clock: now }), users: { tag: 'alerts' } });

/** An ETH/USDT trade at `price`, stamped `at` (the trade as the spot pipeline writes it, with its two orders). */
async function trade(price: string, at: number) {
  const [u] = await t.db.query<{ id: number }>(`insert into app_user (account) values ($1) returning id`, [`alerts-trader-${price}-${at}@example.org`]);
  const order = async (side: string) =>
    (await t.db.query<{ id: number }>(
      `insert into spot_order (user_id, left_symbol, right_symbol, side, type, tif, price, quantity, frozen, filled, status, created_ms, updated_ms)
       values ($1, 'ETH', 'USDT', $2, 'limit', 'GTC', $3, 1, 0, 1, 3, $4, $4) returning id`,
      [u!.id, side, price, at],
    ))[0]!.id;
  await t.db.query(
    `insert into spot_trade (left_symbol, right_symbol, price, quantity, taker_side, maker_order_id, taker_order_id, maker_user_id, taker_user_id, created_ms)
     values ('ETH', 'USDT', $1, 1, 'buy', $2, $3, $4, $4, $5)`,
    [price, await order('sell'), await order('buy'), u!.id, at],
  );
}

/** A BTC/USDT contract trade at `price`, stamped `at`; `source` the orders' (an 'adl' match is no market trade). */
async function contractTrade(price: string, at: number, source = 'user') {
  const [u] = await t.db.query<{ id: number }>(`insert into app_user (account) values ($1) returning id`, [`alerts-fut-${price}-${at}-${source}@example.org`]);
  const order = async (action: string) =>
    (await t.db.query<{ id: number }>(
      `insert into futures_order (user_id, left_symbol, right_symbol, action, type, price, quantity, filled, leverage, margin_mode, status, source, created_ms, updated_ms, hold_rate)
       values ($1, 'BTC', 'USDT', $2, 'limit', $3, 1, 1, 10, 'cross', 3, $4, $5, $5, 0.0005) returning id`,
      [u!.id, action, price, source, at],
    ))[0]!.id;
  await t.db.query(
    `insert into futures_trade (left_symbol, right_symbol, price, quantity, taker_side, maker_order_id, taker_order_id, created_ms) values ('BTC', 'USDT', $1, 1, 'buy', $2, $3, $4)`,
    [price, await order('open_short'), await order('open_long'), at],
  );
}

const create = (user: { headers: Record<string, string> }, body: object, lang = 'en_US') => t.post<PriceAlert>(user, ALERT_PATHS.create, body, { lang });
const list = async (user: { headers: Record<string, string> }) => expectOk(await t.post<AlertList>(user, ALERT_PATHS.list, {}));
const rows = () => t.db.query('select * from price_alert order by id');

describe('price alerts', () => {
  it('refuses what cannot be an alert, in the user’s language, and writes nothing', async () => {
    await trade('3000', START - 60_000);
    const user = await t.user();
    const before = await rows();
    expectRefusal(await create(user, { symbol: 'ETH_USDT', condition: 'above', price: '2999' }), 400, 'The last price, 3,000.00, is already at or above this price: choose a higher one');
    expectRefusal(await create(user, { symbol: 'ETH_USDT', condition: 'below', price: '3000' }), 400, 'The last price, 3,000.00, is already at or below this price: choose a lower one');
    expectRefusal(await create(user, { symbol: 'ETH_USDT', condition: 'above', price: '3100.123' }), 400, 'Enter a price above zero with at most 2 decimals');
    expectRefusal(await create(user, { symbol: 'ETH_USDT', condition: 'above', price: '0' }), 400);
    expectRefusal(await create(user, { symbol: 'ETH_USDT', condition: 'above', price: '03100' }), 400);
    expectRefusal(await create(user, { symbol: 'NOPE_USDT', condition: 'above', price: '1' }), 400, 'There is no spot market NOPE/USDT');
    const made = await create(user, { symbol: 'eth_usdt', condition: 'above', price: '3100.00' }, 'de_DE');
    expect(made.body.msg).toBe('Preisalarm gesetzt');
    expect((await create(user, { symbol: 'ETH_USDT', condition: 'sideways', price: '3100' })).body.code).toBe(400);
    expect((await create(user, { symbol: 'ETH_USDT', condition: 'above', price: 3100 })).body.code).toBe(400);
    expect((await create(user, { symbol: 'ETH_USDT', condition: 'above' })).body.code).toBe(400);
    expectRefusal(await create(user, { symbol: 'BTC_USDT', condition: 'above', price: '1' }, 'de_DE'), 400, /^Der letzte Preis|^BTC\/USDT wurde noch nicht gehandelt/);
    // (The German one was the one valid alert; everything else left the table as it was.)
    expect((await rows()).length).toBe(before.length + 1);
    const [alert] = (await list(user)).active;
    expect(alert).toMatchObject({ symbol: 'ETH_USDT', condition: 'above', price: '3100', status: 'active', triggered_ms: null });
    expectRefusal(await t.post(user, ALERT_PATHS.cancel, { id: 'x' }), 400);
    expectOk(await t.post(user, ALERT_PATHS.cancel, { id: alert!.id }));
  });

  it('triggers once when a trade reaches the price, with the traded price, a notice and the bell; the other alerts wait', async () => {
    const user = await t.user();
    const rise = expectOk(await create(user, { symbol: 'ETH_USDT', condition: 'above', price: '3050.5' }));
    const fall = expectOk(await create(user, { symbol: 'ETH_USDT', condition: 'below', price: '2900' }));
    const far = expectOk(await create(user, { symbol: 'ETH_USDT', condition: 'above', price: '5000' }));
    expect(rise.price).toBe('3050.5');
    t.advance(1000);
    // A spike between two looks counts: the highest trade since the last one.
    await trade('3060', t.now() - 500);
    await trade('3010', t.now() - 200);
    expect(await sweepAlerts(t.db, feed, t.now() - 6000, t.now())).toBe(1);
    const after = await list(user);
    expect(after.active.map((a) => a.id)).toEqual([fall.id, far.id]);
    expect(after.triggered).toEqual([expect.objectContaining({ id: rise.id, status: 'triggered', triggered_ms: t.now(), triggered_price: '3060' })]);
    const notices = (await listNotifications(t.db, user.id, 'en_US', 1, 10)).list.filter((n) => n.kind === 'price_alert_above');
    expect(notices).toEqual([expect.objectContaining({ title: 'Price alert: ETH/USDT', body: 'ETH/USDT traded at 3,060, at or above your alert price of 3,050.5.' })]);
    expect(pushes).toContainEqual({ userId: user.id, kind: 'notice' });
    // Read again (the sweeps overlap): nothing more.
    expect(await sweepAlerts(t.db, feed, t.now() - 6000, t.now())).toBe(0);
    // A triggered alert cannot be cancelled.
    expectRefusal(await t.post(user, ALERT_PATHS.cancel, { id: rise.id }), 400, 'This price alert is not active (it may have just triggered)');
  });

  it('counts only the trades after an alert was made', async () => {
    const user = await t.user();
    t.advance(10_000);
    await trade('2950', t.now() - 300);
    const fall = expectOk(await create(user, { symbol: 'ETH_USDT', condition: 'below', price: '2940' }));
    // A dip just before it was made does not trigger it; one after does.
    await trade('2930', t.now() - 100);
    expect(await sweepAlerts(t.db, feed, t.now() - 5000, t.now())).toBe(0);
    t.advance(1000);
    await trade('2935', t.now() - 10);
    await t.db.query(`update price_alert set status = 'cancelled' where user_id <> $1 and status = 'active'`, [user.id]);
    expect(await sweepAlerts(t.db, feed, t.now() - 5000, t.now())).toBe(1);
    expect((await list(user)).triggered[0]).toMatchObject({ id: fall.id, triggered_price: '2935' });
    expect((await listNotifications(t.db, user.id, 'de_DE', 1, 10)).list[0]).toMatchObject({ title: 'Preisalarm: ETH/USDT', body: 'ETH/USDT wurde zu 2.935 gehandelt, auf oder unter Ihrem Alarmpreis von 2.940.' });
  });

  it("keeps each user's alerts their own, and at most MAX_ACTIVE_ALERTS active", async () => {
    const owner = await t.user();
    const other = await t.user();
    const mine = expectOk(await create(owner, { symbol: 'ETH_USDT', condition: 'above', price: '9000' }));
    expectRefusal(await t.post(other, ALERT_PATHS.cancel, { id: mine.id }), 400);
    expect((await list(other)).active).toEqual([]);
    expect((await list(owner)).active.map((a) => a.id)).toEqual([mine.id]);
    for (let i = 1; i < MAX_ACTIVE_ALERTS; i++) expectOk(await create(owner, { symbol: 'ETH_USDT', condition: 'above', price: String(9000 + i) }));
    expectRefusal(await create(owner, { symbol: 'ETH_USDT', condition: 'above', price: '9999' }), 400, `You can keep at most ${MAX_ACTIVE_ALERTS} active price alerts: cancel one first`);
    expectOk(await t.post(owner, ALERT_PATHS.cancel, { id: mine.id }));
    expectOk(await create(owner, { symbol: 'ETH_USDT', condition: 'above', price: '9999' }));
  });

  it('answers the list and refuses a change without a session', async () => {
    expect((await t.post(undefined, ALERT_PATHS.list, {})).body.code).not.toBe(200);
    expect((await t.post(undefined, ALERT_PATHS.create, { symbol: 'ETH_USDT', condition: 'above', price: '9000' })).body.code).not.toBe(200);
  });

  it("follows a contract's own trades, not an auto-deleveraging match, and says so in its notice", async () => {
    const user = await t.user();
    t.advance(60_000);
    await contractTrade('60000', t.now() - 1000);
    expectRefusal(await create(user, { market: 'futures', symbol: 'DOGE_BTC', condition: 'above', price: '1' }), 400, 'There is no USDT-M contract DOGE/BTC');
    const rise = expectOk(await create(user, { market: 'futures', symbol: 'BTC_USDT', condition: 'above', price: '61000' }));
    expect(rise).toMatchObject({ market: 'futures', symbol: 'BTC_USDT', price: '61000' });
    t.advance(10_000);
    // A bankrupt position closed against others' (ADL) at a price no market traded; and the spot pair far above.
    await contractTrade('65000', t.now() - 500, 'adl');
    await t.db.query(`update price_alert set status = 'cancelled' where user_id <> $1 and status = 'active'`, [user.id]);
    expect(await sweepAlerts(t.db, feed, t.now() - 6000, t.now())).toBe(0);
    await contractTrade('61000.5', t.now() - 100);
    expect(await sweepAlerts(t.db, feed, t.now() - 6000, t.now())).toBe(1);
    expect((await list(user)).triggered[0]).toMatchObject({ id: rise.id, market: 'futures', triggered_price: '61000.5' });
    const [notice] = (await listNotifications(t.db, user.id, 'en_US', 1, 10)).list;
    expect(notice).toMatchObject({ kind: 'futures_price_alert_above', title: 'Price alert: BTC/USDT perpetual', body: 'The BTC/USDT perpetual traded at 61,000.5, at or above your alert price of 61,000.' });
    expect((await create(user, { market: 'options', symbol: 'BTC_USDT', condition: 'above', price: '70000' })).body.code).toBe(400);
  });

  it('opens no transaction while no alert is active, and finds one made since', async () => {
    await t.db.query(`update price_alert set status = 'cancelled' where status = 'active'`);
    let transactions = 0;
    const counted = { ...t.db, transaction: ((work, options) => ((transactions += 1), t.db.transaction(work, options))) as typeof t.db.transaction };
    t.advance(1000);
    await trade('2800', t.now() - 100);
    expect(await sweepAlerts(counted, feed, t.now() - 5000, t.now())).toBe(0);
    expect(transactions).toBe(0);
    const user = await t.user();
    const fall = expectOk(await create(user, { symbol: 'ETH_USDT', condition: 'below', price: '2790' }));
    t.advance(1000);
    await trade('2780', t.now() - 10);
    expect(await sweepAlerts(counted, feed, t.now() - 5000, t.now())).toBe(1);
    expect(transactions).toBe(1);
    expect((await list(user)).triggered[0]).toMatchObject({ id: fall.id, triggered_price: '2780' });
  });
});
