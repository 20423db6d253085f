import { describe, expect, it } from 'vitest';
import { FUTURES_PATHS } from '../../../domain/futures/api.js';
import { MESSAGES } from '../../../server/kernel/platform/i18n/messages.js';
import { changeBalance } from '../../../server/kernel/platform/ledger/ledger.js';
import { expectOk } from '../http.js';
import { useFutures } from './harness.js';

const t = useFutures();
const en = MESSAGES.en_US;
const BTC = 'BTC_USDT';

async function rowCounts() {
  const [r] = await t.db.query<{ orders: string; ledger: string; positions: string; plans: string }>(
    `select (select count(*) from futures_order)::text as orders, (select count(*) from ledger_entry)::text as ledger,
       (select count(*) from futures_position where side <> 0)::text as positions, (select count(*) from futures_plan)::text as plans`,
  );
  return r;
}

describe('opening and closing', () => {
  it('long 0.5 BTC at 60 000, 10× isolated, closed at 63 000: margin, fees and PnL to the cent', async () => {
    const { maker, trader, opened } = await t.longAt60000({ funds: '10000', quantity: '0.5', leverage: 10, makerFunds: '1000000' });
    expect(opened.order).toMatchObject({ status: 3, filled: '0.5', fee: '15' });
    // 10000 − 3000 initial margin (30 000 ÷ 10) − 15 taker fee (0.05 % of 30 000)
    expect(await t.balance(trader)).toEqual({ available: '6985', frozen: '0' });
    // The maker (default 20× cross): 1500 margin and a 6 USDT maker fee (0.02 %).
    expect(await t.balance(maker)).toEqual({ available: '998494', frozen: '0' });
    const [pos] = expectOk(await t.post<Array<Record<string, unknown>>>(trader, FUTURES_PATHS.positions, {}));
    expect(pos).toMatchObject({ side: 1, quantity: '0.5', closable: '0.5', entry_price: '60000', margin: '3000', margin_mode: 'isolated', leverage: 10, liquidation_price: '54216.86746987951807229' });

    await t.mark(BTC, '63000');
    const [marked] = expectOk(await t.post<Array<Record<string, unknown>>>(trader, FUTURES_PATHS.positions, {}));
    expect(marked).toMatchObject({ unrealised_pnl: '1500', roe: '0.5', maintenance_margin: '126', margin_ratio: '0.028' });

    const buyer = await t.user('1000000');
    await t.place(buyer.id, { symbol: BTC, action: 'open_long', type: 'limit', price: '63000', quantity: '0.5' });
    const closed = expectOk(await t.post<{ order: Record<string, unknown>; unfilled: string }>(trader, FUTURES_PATHS.close, { symbol: 'btc_usdt', type: 'market', quantity: '0.5' }));
    expect(closed.order).toMatchObject({ action: 'close_long', status: 3, profit: '1500', fee: '15.75' });
    // 6985 + 3000 margin back + 1500 profit − 15.75 fee (0.05 % of 31 500)
    expect(await t.balance(trader)).toEqual({ available: '11469.25', frozen: '0' });
    expect(t.position(trader).side).toBe(0);
    await t.expectAuditClean();
  });

  it('a resting limit open holds margin and fee at its price; cancelling gives all of it back', async () => {
    await t.clearBook();
    const trader = await t.user('1000');
    const placed = expectOk(await t.order(trader, { action: 'open_long', type: 'limit', price: '50000', quantity: '0.01' }));
    expect(placed.order.status).toBe(1);
    // 500 ÷ 20 = 25 margin + 0.25 fee at the taker rate
    expect(await t.balance(trader)).toEqual({ available: '974.75', frozen: '25.25' });
    await t.expectAuditClean();
    expectOk(await t.post(trader, FUTURES_PATHS.cancel, { order_id: placed.order.id }));
    expect(await t.balance(trader)).toEqual({ available: '1000', frozen: '0' });
    await t.expectAuditClean();
  });
});

describe('refusals change nothing', () => {
  it('close beyond the closable quantity, too little margin, a bad quantity, no position — in English and German', async () => {
    const { trader } = await t.longAt60000({ funds: '1000', makerFunds: '1000000', offered: '1' });
    // A resting close of 0.06 leaves 0.04 closable.
    expectOk(await t.post(trader, FUTURES_PATHS.close, { symbol: 'btc_usdt', type: 'limit', price: '70000', quantity: '0.06' }));
    const before = { counts: await rowCounts(), balance: await t.balance(trader) };

    const tooMuch = await t.post(trader, FUTURES_PATHS.close, { symbol: 'btc_usdt', type: 'limit', price: '70000', quantity: '0.05' });
    expect(tooMuch.body).toMatchObject({ code: 400, msg: en.futuresCloseExceedsClosable.replace('{closable}', '0.04') });
    const german = await t.post(trader, FUTURES_PATHS.close, { symbol: 'btc_usdt', type: 'limit', price: '70000', quantity: '0.05' }, { lang: 'de_DE' });
    expect(german.body.msg).toBe(MESSAGES.de_DE.futuresCloseExceedsClosable.replace('{closable}', '0,04'));
    const poor = await t.order(trader, { action: 'open_long', type: 'limit', price: '60000', quantity: '1' });
    expect(poor.body).toMatchObject({ code: 400, msg: en.futuresInsufficientMargin.replace('{needed}', '3,030') });
    const bad = await t.order(trader, { action: 'open_long', type: 'limit', price: '60000', quantity: '0.000001' });
    expect(bad.body).toMatchObject({ code: 400, msg: en.futuresQuantityInvalid.replace('{places}', '5') });
    // One-way mode: an opposite order reduces the position, so beyond what is closable it is refused.
    const opposite = await t.order(trader, { action: 'open_short', type: 'limit', price: '60000', quantity: '0.05' });
    expect(opposite.body).toMatchObject({ code: 400, msg: en.futuresReduceExceedsClosable.replace('{closable}', '0.04') });
    const noShort = await t.order(trader, { action: 'close_short', type: 'limit', price: '60000', quantity: '0.01' });
    expect(noShort.body).toMatchObject({ code: 400, msg: en.futuresNoPosition });
    const locked = await t.post(trader, FUTURES_PATHS.leverage, { symbol: 'btc_usdt', leverage: 5, margin_mode: 'cross' });
    expect(locked.body).toMatchObject({ code: 400, msg: en.futuresLeverageLocked });

    expect(await rowCounts()).toEqual(before.counts);
    expect(await t.balance(trader)).toEqual(before.balance);
    await t.expectAuditClean();
  });

  it('a refused order of a new user leaves no row at all, not even a flat position', async () => {
    const user = await t.user('1');
    const before = await t.db.query(`select count(*)::text as n from futures_position`);
    const poor = await t.order(user, { action: 'open_long', type: 'limit', price: '60000', quantity: '0.01' });
    expect(poor.body.code).toBe(400);
    expect(await t.db.query(`select count(*)::text as n from futures_position`)).toEqual(before);
  });

  it('an unverified user has no trading permission (§6) and the server refuses', async () => {
    const user = await t.user('1000', false);
    const before = await rowCounts();
    const answer = await t.order(user, { action: 'open_long', type: 'limit', price: '50000', quantity: '0.01' });
    expect(answer.body).toMatchObject({ code: 400, msg: en.futuresNoTradingPermission });
    const account = expectOk(await t.post<{ can_trade: boolean }>(user, FUTURES_PATHS.account, {}));
    expect(account.can_trade).toBe(false);
    expect(await rowCounts()).toEqual(before);
    // Verified later (the operator's review): the next order goes through; a refusal is never remembered.
    await t.db.query('update app_user set name_status = 3 where id = $1', [user.id]);
    expectOk(await t.order(user, { action: 'open_long', type: 'limit', price: '50000', quantity: '0.01' }));
  });

  it('a repeated idempotency key places once', async () => {
    await t.clearBook();
    const trader = await t.user('1000');
    const headers = { 'idempotency-key': `fut-key-${Date.now()}` };
    const first = expectOk(await t.order(trader, { action: 'open_long', type: 'limit', price: '50000', quantity: '0.01' }, headers));
    const again = expectOk(await t.order(trader, { action: 'open_long', type: 'limit', price: '50000', quantity: '0.01' }, headers));
    expect(again.order.id).toBe(first.order.id);
    expect(await t.balance(trader)).toEqual({ available: '974.75', frozen: '25.25' });
  });

  it('one key sent three times at once (one batch claims them together) places once', async () => {
    await t.clearBook();
    const trader = await t.user('1000');
    const headers = { 'idempotency-key': `fut-burst-${Date.now()}` };
    const body = { action: 'open_long', type: 'limit', price: '50000', quantity: '0.01' };
    const answers = (await Promise.all([t.order(trader, body, headers), t.order(trader, body, headers), t.order(trader, body, headers)])).map((a) => expectOk(a));
    expect(new Set(answers.map((a) => a.order.id)).size).toBe(1);
    expect(await t.balance(trader)).toEqual({ available: '974.75', frozen: '25.25' });
    const [keys] = await t.db.query<{ n: number }>(`select count(*)::int as n from idempotency_key where user_id = $1`, [trader.id]);
    expect(keys!.n).toBe(1);
  });

  it('a refused submission frees its key, also within one batch: the next with that key is carried out', async () => {
    await t.clearBook();
    const trader = await t.user('1000');
    const key = { key: `futures_order:fut-freed-${Date.now()}`, windowMs: undefined };
    // Both in one batch: the first is refused (no such price), the second, with the same key, places.
    const [refused, placed] = await Promise.all([
      t.ex.place({ userId: trader.id, symbol: BTC, action: 'open_long', type: 'limit', price: '-1', quantity: '0.01', source: 'user', key }),
      t.ex.place({ userId: trader.id, symbol: BTC, action: 'open_long', type: 'limit', price: '50000', quantity: '0.01', source: 'user', key }),
    ]);
    expect(refused.ok).toBe(false);
    expect(placed.ok).toBe(true);
    expect(await t.ex.place({ userId: trader.id, symbol: BTC, action: 'open_long', type: 'limit', price: '50000', quantity: '0.01', source: 'user', key })).toEqual(placed);
    // Three in one batch: refused, then placed, then a repeat, which answers with the second's order
    // (it must not be carried out again because the first was refused).
    const tripleKey = { key: `futures_order:fut-triple-${Date.now()}`, windowMs: undefined };
    const batchesBefore = t.ex.sequencer.stats.batches;
    const triple = await Promise.all([
      t.ex.place({ userId: trader.id, symbol: BTC, action: 'open_long', type: 'limit', price: '-1', quantity: '0.01', source: 'user', key: tripleKey }),
      t.ex.place({ userId: trader.id, symbol: BTC, action: 'open_long', type: 'limit', price: '50000', quantity: '0.01', source: 'user', key: tripleKey }),
      t.ex.place({ userId: trader.id, symbol: BTC, action: 'open_long', type: 'limit', price: '50000', quantity: '0.01', source: 'user', key: tripleKey }),
    ]);
    expect(t.ex.sequencer.stats.batches - batchesBefore).toBe(1);
    expect(triple.map((o) => o.ok)).toEqual([false, true, true]);
    expect(triple[2]).toEqual(triple[1]);
    expect(await t.balance(trader)).toEqual({ available: '949.5', frozen: '50.5' });
    expect(await t.ex.place({ userId: trader.id, symbol: BTC, action: 'open_long', type: 'limit', price: '50000', quantity: '0.01', source: 'user', key: tripleKey })).toEqual(triple[1]);
    // Twice in one batch, the first placed: the second answers with it.
    const pairKey = { key: `futures_order:fut-pair-${Date.now()}`, windowMs: undefined };
    const sameBatch = t.ex.sequencer.stats.batches;
    const twice = await Promise.all([0, 1].map(() => t.ex.place({ userId: trader.id, symbol: BTC, action: 'open_long', type: 'limit', price: '50000', quantity: '0.01', source: 'user', key: pairKey })));
    expect(t.ex.sequencer.stats.batches - sameBatch).toBe(1);
    expect(twice[0]!.ok).toBe(true);
    expect(twice[1]).toEqual(twice[0]);
    expect(await t.balance(trader)).toEqual({ available: '924.25', frozen: '75.75' });
    // A later batch: refused for its margin, the key is free again, and the retry with it places.
    const poor = await t.user('1');
    const poorKey = { key: `futures_order:fut-poor-${Date.now()}`, windowMs: undefined };
    const request = { userId: poor.id, symbol: BTC, action: 'open_long' as const, type: 'limit' as const, price: '50000', quantity: '0.01', source: 'user' as const, key: poorKey };
    expect(await t.ex.place(request)).toMatchObject({ ok: false, key: 'futuresInsufficientMargin' });
    await t.db.transaction((tx) => changeBalance(tx, { userId: poor.id, currency: 'USDT', account: 'contract', available: '1000', frozen: '0', kind: 'deposit', refType: 'test', refId: null }));
    const retried = await t.ex.place(request);
    expect(retried.ok).toBe(true);
    expect(await t.ex.place(request)).toEqual(retried); // and now it is taken: a repeat answers the same
  });
});

describe('market close and flash close reach 30 levels (§9)', () => {
  it('fills from the best bid down to the 30th level; the rest stays open and the user is told', async () => {
    const { trader } = await t.longAt60000({ funds: '100000', quantity: '0.5' });
    const bidder = await t.user('10000000');
    for (let i = 0; i < 35; i++) await t.place(bidder.id, { symbol: BTC, action: 'open_long', type: 'limit', price: String(59990 - i), quantity: '0.01' });
    const closed = await t.post<{ order: { filled: string; note: string }; unfilled: string }>(trader, FUTURES_PATHS.close, { symbol: 'btc_usdt', type: 'market', quantity: '0.5' });
    expect(closed.body.data!.order.filled).toBe('0.3');
    expect(closed.body.data!.unfilled).toBe('0.2');
    expect(closed.body.msg).toBe(en.futuresCloseRest.replace('{unfilled}', '0.2'));
    expect(t.position(trader).quantity).toBe(t.fx('0.2'));
    // Flash close takes what is closable from the next 30 levels: the 5 left of the 35 bids.
    const flash = expectOk(await t.post<{ order: { filled: string; source: string }; unfilled: string }>(trader, FUTURES_PATHS.flashClose, { symbol: 'btc_usdt' }));
    expect(flash).toMatchObject({ order: { filled: '0.05', source: 'flash' }, unfilled: '0.15' });
    await t.expectAuditClean();
  });
});
