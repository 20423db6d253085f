import { describe, expect, it } from 'vitest';
import { FUTURES_PATHS, type FuturesPlan } from '../../../domain/futures/api.js';
import { MESSAGES } from '../../../server/kernel/platform/i18n/messages.js';
import { expectOk } from '../http.js';
import { useFutures } from './harness.js';

/**
 * Issue 50 M8: a take-profit or stop-loss by ROE is stored as the trigger price it means (adding
 * margin later does not move it), and a position has at most one take-profit and one stop-loss: a
 * second one replaces the first, whichever call sets it.
 */
const t = useFutures();
const en = MESSAGES.en_US;
const de = MESSAGES.de_DE;
const BTC = 'BTC_USDT';

type Trader = Awaited<ReturnType<typeof t.longAt60000>>['trader'];
const waiting = async (trader: Trader) => expectOk(await t.post<{ list: FuturesPlan[] }>(trader, FUTURES_PATHS.plans, { page: 1 })).list;
const rows = (trader: Trader) =>
  t.db.query<{ kind: string; trigger_by: string; trigger_value: string; status: number; note: string | null }>(
    `select kind, trigger_by, trim_scale(trigger_value)::text as trigger_value, status, note from futures_plan where user_id = $1 order by id`,
    [trader.id],
  );

describe('TP/SL by ROE', () => {
  it('is stored as the mark price it means when set, and adding margin later does not move it', async () => {
    // 10× isolated long 0.1 at 60 000: margin 600; −20 % ROE is a 120 USDT loss, at 58 800.
    const { trader } = await t.longAt60000({ funds: '10000', leverage: 10, mode: 'isolated' });
    expectOk(await t.post(trader, FUTURES_PATHS.plan, { symbol: 'btc_usdt', kind: 'stop_loss', trigger_by: 'roe', trigger_value: '20', exec_type: 'market' }));
    expectOk(await t.post(trader, FUTURES_PATHS.plan, { symbol: 'btc_usdt', kind: 'take_profit', trigger_by: 'roe', trigger_value: '50', exec_type: 'market' }));
    expect((await waiting(trader)).map((p) => [p.kind, p.trigger_by, p.trigger_value]).sort()).toEqual([
      ['stop_loss', 'mark', '58800'],
      ['take_profit', 'mark', '63000'],
    ]);
    // 600 more margin: an ROE kept as a percentage would now mean a fall to 57 600.
    expectOk(await t.post(trader, FUTURES_PATHS.margin, { symbol: 'btc_usdt', type: 'add', amount: '600' }));
    expect((await waiting(trader)).find((p) => p.kind === 'stop_loss')).toMatchObject({ trigger_by: 'mark', trigger_value: '58800' });
    await t.closesAtMark(trader, { bid: '58700', quantity: '0.1', before: '58801', trigger: '58800' });
    await t.expectAuditClean();
  });

  it('a short rounds its trigger onto the price grid downwards; an ROE no price can mean is refused, translated, and nothing is stored', async () => {
    await t.clearBook();
    await t.mark(BTC, '60000');
    const maker = await t.user('10000000');
    const trader = await t.user('10000');
    await t.leverage(trader, 10, 'isolated');
    await t.place(maker.id, { symbol: BTC, action: 'open_long', type: 'limit', price: '60000', quantity: '0.7' });
    expectOk(await t.order(trader, { action: 'open_short', type: 'market', quantity: '0.7' }));
    // Margin 4200: +10 % is 420 USDT, 600 per BTC: 59 400 exactly; −10 % 60 600.
    expectOk(await t.post(trader, FUTURES_PATHS.plan, { symbol: 'btc_usdt', kind: 'take_profit', trigger_by: 'roe', trigger_value: '10', exec_type: 'market' }));
    expectOk(await t.post(trader, FUTURES_PATHS.plan, { symbol: 'btc_usdt', kind: 'stop_loss', trigger_by: 'roe', trigger_value: '10.01', exec_type: 'market' }));
    expect((await waiting(trader)).map((p) => [p.kind, p.trigger_value]).sort()).toEqual([
      ['stop_loss', '60600.6'],
      ['take_profit', '59400'],
    ]);
    const before = await rows(trader);
    // A 1 000 % gain on a short: the price would be below zero.
    const refused = await t.post(trader, FUTURES_PATHS.plan, { symbol: 'btc_usdt', kind: 'take_profit', trigger_by: 'roe', trigger_value: '1000', exec_type: 'market' });
    expect(refused.body).toMatchObject({ code: 400, msg: en.futuresPlanInvalid.replace('{field}', 'trigger_value') });
    const german = await t.post(trader, FUTURES_PATHS.plan, { symbol: 'btc_usdt', kind: 'take_profit', trigger_by: 'roe', trigger_value: '1000', exec_type: 'market' }, { lang: 'de_DE' });
    expect(german.body.msg).toBe(de.futuresPlanInvalid.replace('{field}', 'trigger_value'));
    expect(await rows(trader)).toEqual(before);
  });

  it('an ROE with an opening order is refused (there is no position yet to say what price it means), and the order is not placed', async () => {
    const { trader } = await t.longAt60000({ funds: '10000', leverage: 10, mode: 'isolated' });
    const orders = async () => (await t.db.query(`select id from futures_order where user_id = $1`, [trader.id])).length;
    const before = await orders();
    const refused = await t.order(trader, { action: 'open_long', type: 'limit', price: '50000', quantity: '0.01', stop_loss: { trigger_by: 'roe', trigger_value: '10', exec_type: 'market' } });
    expect(refused.body).toMatchObject({ code: 400, msg: en.futuresPlanInvalid.replace('{field}', 'trigger_by') });
    expect(await orders()).toBe(before);
    expect(await rows(trader)).toEqual([]);
  });
});

describe('a price a market plan or close does not use', () => {
  it('is still refused when it is not a price (it was ignored), translated, and nothing is stored or closed', async () => {
    const { trader } = await t.longAt60000({ funds: '10000', leverage: 10, mode: 'isolated' });
    const orders = async () => (await t.db.query(`select id from futures_order where user_id = $1`, [trader.id])).length;
    const before = await orders();
    for (const exec_price of ['NaN', '-1', '1e3', '0']) {
      const refused = await t.post(trader, FUTURES_PATHS.plan, { symbol: 'btc_usdt', kind: 'take_profit', trigger_by: 'mark', trigger_value: '70000', exec_type: 'market', exec_price });
      expect(refused.body).toMatchObject({ code: 400, msg: en.futuresPlanInvalid.replace('{field}', 'exec_price') });
    }
    for (const price of ['-1', '1e3', 'NaN']) {
      const refused = await t.post(trader, FUTURES_PATHS.close, { symbol: 'btc_usdt', type: 'market', price, quantity: '0.01' }, { lang: 'de_DE' });
      expect(refused.body).toMatchObject({ code: 400, msg: de.futuresPriceInvalid.replace('{places}', '2') });
    }
    expect(await rows(trader)).toEqual([]);
    expect(await orders()).toBe(before);
  });
});

describe('one take-profit and one stop-loss per position', () => {
  it('a second take-profit replaces the first; the stop-loss stays', async () => {
    const { trader } = await t.longAt60000({ funds: '10000', leverage: 10, mode: 'isolated' });
    expectOk(await t.post(trader, FUTURES_PATHS.plan, { symbol: 'btc_usdt', kind: 'take_profit', trigger_by: 'mark', trigger_value: '70000', exec_type: 'market' }));
    expectOk(await t.post(trader, FUTURES_PATHS.plan, { symbol: 'btc_usdt', kind: 'stop_loss', trigger_by: 'mark', trigger_value: '55000', exec_type: 'market' }));
    expectOk(await t.post(trader, FUTURES_PATHS.plan, { symbol: 'btc_usdt', kind: 'take_profit', trigger_by: 'last', trigger_value: '65000', exec_type: 'market' }));
    expectOk(await t.post(trader, FUTURES_PATHS.plan, { symbol: 'btc_usdt', kind: 'stop_loss', trigger_by: 'roe', trigger_value: '10', exec_type: 'market' }));
    expect((await waiting(trader)).map((p) => [p.kind, p.trigger_by, p.trigger_value]).sort()).toEqual([
      ['stop_loss', 'mark', '59400'],
      ['take_profit', 'last', '65000'],
    ]);
    expect(await rows(trader)).toEqual([
      { kind: 'take_profit', trigger_by: 'mark', trigger_value: '70000', status: 3, note: 'replaced' },
      { kind: 'stop_loss', trigger_by: 'mark', trigger_value: '55000', status: 3, note: 'replaced' },
      { kind: 'take_profit', trigger_by: 'last', trigger_value: '65000', status: 1, note: null },
      { kind: 'stop_loss', trigger_by: 'mark', trigger_value: '59400', status: 1, note: null },
    ]);
    // Memory holds only the waiting two: the replaced stop at 55 000 can never fire.
    expect([...t.ex.plans.values()].filter((p) => p.userId === trader.id).map((p) => p.kind).sort()).toEqual(['stop_loss', 'take_profit']);
    await t.expectAuditClean();
  });

  it('a TP/SL given with an order that adds to the position replaces the waiting one', async () => {
    const { maker, trader } = await t.longAt60000({ funds: '10000', leverage: 10, mode: 'isolated', also: { stop_loss: { trigger_by: 'mark', trigger_value: '55000', exec_type: 'market' } } });
    await t.place(maker.id, { symbol: BTC, action: 'open_short', type: 'limit', price: '60000', quantity: '0.1' });
    expectOk(await t.order(trader, { action: 'open_long', type: 'market', quantity: '0.1', stop_loss: { trigger_by: 'mark', trigger_value: '57000', exec_type: 'market' } }));
    expect((await waiting(trader)).map((p) => [p.kind, p.trigger_value])).toEqual([['stop_loss', '57000']]);
    await t.expectAuditClean();
  });

  it('two take-profits sent at once leave one waiting', async () => {
    const { trader } = await t.longAt60000({ funds: '10000', leverage: 10, mode: 'isolated' });
    const body = (price: string) => ({ symbol: 'btc_usdt', kind: 'take_profit', trigger_by: 'mark', trigger_value: price, exec_type: 'market' });
    await Promise.all([t.post(trader, FUTURES_PATHS.plan, body('70000')), t.post(trader, FUTURES_PATHS.plan, body('71000'))]);
    expect(await waiting(trader)).toHaveLength(1);
    expect([...t.ex.plans.values()].filter((p) => p.userId === trader.id)).toHaveLength(1);
  });
});
