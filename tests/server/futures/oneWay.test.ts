import { describe, expect, it } from 'vitest';
import { FUTURES_PATHS, type MarginMode } from '../../../domain/futures/api.js';
import { MESSAGES } from '../../../server/kernel/platform/i18n/messages.js';
import { expectOk } from '../http.js';
import { useFutures } from './harness.js';

/**
 * Issue 37: one-way mode the way a Binance trader expects it — reduce-only orders, an opposite
 * order that reduces the position instead of "close it first", and the margin of an isolated
 * position added or removed within bounds the server keeps.
 */
const t = useFutures();
const en = MESSAGES.en_US;
const de = MESSAGES.de_DE;
const BTC = 'BTC_USDT';

async function counts() {
  const [r] = await t.db.query<{ orders: string; ledger: string; positions: string }>(
    `select (select count(*) from futures_order)::text as orders, (select count(*) from ledger_entry)::text as ledger,
       (select string_agg(user_id || ':' || side || ':' || quantity || ':' || margin, ',' order by user_id) from futures_position)::text as positions`,
  );
  return r;
}

/** A trader long 0.1 BTC at 60 000 (10× isolated unless told), with a maker who sold it and more bids below. */
/** A trader 10× long 0.1 at 60 000 against a fresh maker; answers both. */
const longTrader = (mode: MarginMode = 'isolated', funds = '10000') => t.longAt60000({ funds, leverage: 10, mode, makerFunds: '1000000' });

describe('reduce-only and the opposite order (one-way mode)', () => {
  it('an opposite order reduces the position instead of being refused, even with an order of the same direction open', async () => {
    const { maker, trader } = await longTrader();
    // A resting open long below the market: before issue 37 an opposite order said "close it first".
    expectOk(await t.order(trader, { action: 'open_long', type: 'limit', price: '50000', quantity: '0.01' }));
    await t.place(maker.id, { symbol: BTC, action: 'open_long', type: 'limit', price: '60000', quantity: '0.04' });
    const reduced = expectOk(await t.order(trader, { action: 'open_short', type: 'market', quantity: '0.04' }));
    expect(reduced.order).toMatchObject({ action: 'close_long', status: 3, filled: '0.04' });
    expect(t.position(trader)).toMatchObject({ side: 1, quantity: t.fx('0.06') });
    // The resting open long is untouched.
    expect([...t.ex.orders.values()].filter((o) => o.userId === trader.id).map((o) => o.action)).toEqual(['open_long']);
    await t.expectAuditClean();
  });

  it('an opposite order beyond the closable quantity is refused in English and German and changes nothing', async () => {
    const { trader } = await longTrader();
    const before = { counts: await counts(), balance: await t.balance(trader) };
    const tooMuch = await t.order(trader, { action: 'open_short', type: 'limit', price: '61000', quantity: '0.2' });
    expect(tooMuch.body).toMatchObject({ code: 400, msg: en.futuresReduceExceedsClosable.replace('{closable}', '0.1') });
    const german = await t.order(trader, { action: 'open_short', type: 'limit', price: '61000', quantity: '0.2' }, { lang: 'de_DE' });
    expect(german.body.msg).toBe(de.futuresReduceExceedsClosable.replace('{closable}', '0,1'));
    expect(await counts()).toEqual(before.counts);
    expect(await t.balance(trader)).toEqual(before.balance);
  });

  it('reduce-only never opens or increases a position', async () => {
    const { maker, trader } = await longTrader();
    const flat = await t.user('10000');
    const before = { counts: await counts(), balance: await t.balance(trader) };
    // Same direction as the position: it would increase it.
    const increase = await t.order(trader, { action: 'open_long', type: 'market', quantity: '0.01', reduce_only: true });
    expect(increase.body).toMatchObject({ code: 400, msg: en.futuresReduceOnlyIncreases });
    const none = await t.order(flat, { action: 'open_short', type: 'market', quantity: '0.01', reduce_only: true }, { lang: 'de_DE' });
    expect(none.body).toMatchObject({ code: 400, msg: de.futuresReduceOnlyIncreases });
    const beyond = await t.order(trader, { action: 'open_short', type: 'limit', price: '65000', quantity: '0.11', reduce_only: true });
    expect(beyond.body).toMatchObject({ code: 400, msg: en.futuresReduceExceedsClosable.replace('{closable}', '0.1') });
    expect(await counts()).toEqual(before.counts);

    // Within the position: a resting reduce-only limit holds nothing and closes at its price.
    const resting = expectOk(await t.order(trader, { action: 'open_short', type: 'limit', price: '62000', quantity: '0.1', reduce_only: true }));
    expect(resting.order).toMatchObject({ action: 'close_long', status: 1 });
    expect(await t.balance(trader)).toEqual(before.balance);
    // Nothing is left to reduce: a second one is refused.
    const second = await t.order(trader, { action: 'open_short', type: 'limit', price: '63000', quantity: '0.01', reduce_only: true });
    expect(second.body).toMatchObject({ code: 400, msg: en.futuresReduceExceedsClosable.replace('{closable}', '0') });
    await t.place(maker.id, { symbol: BTC, action: 'open_long', type: 'limit', price: '62000', quantity: '0.1' });
    expect(t.position(trader).side).toBe(0);
    await t.expectAuditClean();
  });

  it('a TP/SL cannot ride on a reduce-only order, and reduce-only is a boolean', async () => {
    const { trader } = await longTrader();
    const tp = await t.order(trader, { action: 'open_short', type: 'limit', price: '62000', quantity: '0.01', reduce_only: true, take_profit: { trigger_by: 'mark', trigger_value: '50000', exec_type: 'market' } });
    expect(tp.body).toMatchObject({ code: 400, msg: en.futuresPlanInvalid.replace('{field}', 'action') });
    const text = await t.order(trader, { action: 'open_short', type: 'limit', price: '62000', quantity: '0.01', reduce_only: 'yes' });
    expect(text.body.code).toBe(400);
  });
});

describe('the margin of an isolated position', () => {
  it('adding margin moves it from the account to the position and lowers a long liquidation price', async () => {
    const { trader } = await longTrader();
    const [before] = expectOk(await t.post<Array<{ margin: string; liquidation_price: string; max_removable_margin: string }>>(trader, FUTURES_PATHS.positions, {}));
    expect(before).toMatchObject({ margin: '600', max_removable_margin: '0' });
    const added = expectOk(await t.post<{ margin: string; liquidation_price: string }>(trader, FUTURES_PATHS.margin, { symbol: 'btc_usdt', type: 'add', amount: '400' }));
    expect(added).toMatchObject({ margin: '1000' });
    expect(Number(added.liquidation_price)).toBeLessThan(Number(before!.liquidation_price));
    // 10000 − 600 margin − 3 fee − 400 added
    expect(await t.balance(trader)).toEqual({ available: '8997', frozen: '0' });
    const [after] = expectOk(await t.post<Array<{ margin: string; liquidation_price: string; max_removable_margin: string }>>(trader, FUTURES_PATHS.positions, {}));
    expect(after).toMatchObject({ margin: '1000', liquidation_price: added.liquidation_price, max_removable_margin: '400' });
    await t.expectAuditClean();
  });

  it('removal is bounded: the position keeps its initial margin at the mark and its loss; beyond it is refused and nothing changes', async () => {
    const { trader } = await longTrader();
    expectOk(await t.post(trader, FUTURES_PATHS.margin, { symbol: 'btc_usdt', type: 'add', amount: '400' }));
    // The mark falls 1 000: a loss of 100 and an initial margin of 590 at the mark: 1000 − 100 − 590 = 310 may leave.
    await t.mark(BTC, '59000');
    const [pos] = expectOk(await t.post<Array<{ max_removable_margin: string }>>(trader, FUTURES_PATHS.positions, {}));
    expect(pos!.max_removable_margin).toBe('310');
    const before = { counts: await counts(), balance: await t.balance(trader) };
    const tooMuch = await t.post(trader, FUTURES_PATHS.margin, { symbol: 'btc_usdt', type: 'remove', amount: '310.01' });
    expect(tooMuch.body).toMatchObject({ code: 400, msg: en.futuresMarginRemoveTooMuch.replace('{max}', '310') });
    const german = await t.post(trader, FUTURES_PATHS.margin, { symbol: 'btc_usdt', type: 'remove', amount: '5000' }, { lang: 'de_DE' });
    expect(german.body).toMatchObject({ code: 400, msg: de.futuresMarginRemoveTooMuch.replace('{max}', '310') });
    for (const amount of ['0', '-1', '1e3', 'abc', '1.0000000000000000001']) {
      const bad = await t.post(trader, FUTURES_PATHS.margin, { symbol: 'btc_usdt', type: 'remove', amount });
      expect(bad.body, amount).toMatchObject({ code: 400, msg: en.futuresMarginAmountInvalid });
    }
    const unknownField = await t.post(trader, FUTURES_PATHS.margin, { symbol: 'btc_usdt', type: 'remove', amount: '1', extra: 1 });
    expect(unknownField.body.code).toBe(400);
    expect(await counts()).toEqual(before.counts);
    expect(await t.balance(trader)).toEqual(before.balance);

    const removed = expectOk(await t.post<{ margin: string }>(trader, FUTURES_PATHS.margin, { symbol: 'btc_usdt', type: 'remove', amount: '310' }));
    expect(removed.margin).toBe('690');
    expect(await t.balance(trader)).toEqual({ available: '9307', frozen: '0' });
    await t.expectAuditClean();
  });

  it('adding more than the account holds, a cross position and no position are refused', async () => {
    const { trader } = await longTrader('isolated', '1000');
    const poor = await t.post(trader, FUTURES_PATHS.margin, { symbol: 'btc_usdt', type: 'add', amount: '398' });
    expect(poor.body).toMatchObject({ code: 400, msg: en.futuresMarginAddTooMuch.replace('{available}', '397') });
    const { trader: cross } = await longTrader('cross');
    const crossAdd = await t.post(cross, FUTURES_PATHS.margin, { symbol: 'btc_usdt', type: 'add', amount: '10' });
    expect(crossAdd.body).toMatchObject({ code: 400, msg: en.futuresMarginNotIsolated });
    const nobody = await t.user('1000');
    const none = await t.post(nobody, FUTURES_PATHS.margin, { symbol: 'btc_usdt', type: 'add', amount: '10' }, { lang: 'de_DE' });
    expect(none.body).toMatchObject({ code: 400, msg: de.futuresNoPosition });
  });

  it('a margin change survives a rebuild from the database', async () => {
    const { trader } = await longTrader();
    expectOk(await t.post(trader, FUTURES_PATHS.margin, { symbol: 'btc_usdt', type: 'add', amount: '250' }));
    await t.ex.restore();
    expect(t.position(trader).margin).toBe(t.fx('850'));
  });
});
