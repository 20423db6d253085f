import { describe, expect, it } from 'vitest';
import { addDecimal, subDecimal } from '../../../domain/decimal.js';
import type { Database } from '../../../server/kernel/platform/db/database.js';
import { ReferenceEngine } from '../../../server/kernel/exchange/matching/reference.js';
import type { PairSpec } from '../../../server/kernel/exchange/pairSpec.js';
import { forgetFeeRates } from '../../../server/kernel/platform/fees/feeRates.js';
import { changeBalance, readBalance } from '../../../server/kernel/platform/ledger/ledger.js';
import { systemAccountId } from '../../../server/kernel/platform/ledger/systemAccounts.js';
import { auditBooks } from '../../../server/products/audit.js';
import { SpotMarket } from '../../../server/products/spot/spotMarket.js';
import { createTestUser } from '../support/users.js';
import { useTestDatabase } from '../testDb.js';

/**
 * Issue 52 §2 in the spot settlement: every trade pays the user's own rate in the pair (their tier's
 * row, the pair's own schedule before the default, their override until its end), records the rate
 * it used, and a negative maker rate is a rebate paid from the fee account — never more than the
 * account holds — with the ledger audit clean. A schedule edit applies to the next trade, not to
 * the fills already made.
 */
const BTC_USDT: PairSpec = { left: 'BTC', right: 'USDT', symbol: 'BTC_USDT', pricePrecision: 2, amountPrecision: 5, contract: true };

const t = useTestDatabase();
const clock = Date.parse('2026-11-27T10:00:00Z');
const publisher = { publish: () => undefined };
const market = () => new SpotMarket(BTC_USDT, t.db, new ReferenceEngine(), publisher, () => clock);
/** A funded user's id (spot account). */
const user = async (funds: Record<string, string>): Promise<number> => (await createTestUser(t.db, { tag: 'spot-fees', kind: 'user', funded: funds })).id;

/** A change of the fee tables as an operator's edit makes it: the version moves; this process forgets at once. */
async function edit(sql: string, params: unknown[] = []) {
  await t.db.query(sql, params);
  await t.db.query('update fee_state set version = version + 1 where id = 1');
  forgetFeeRates(t.db);
}

const trade = async (takerOrderId: number) =>
  (
    await t.db.query<{ maker_fee: string; taker_fee: string; maker_rate: string; taker_rate: string }>(
      `select trim_scale(maker_fee)::text as maker_fee, trim_scale(taker_fee)::text as taker_fee, trim_scale(maker_rate)::text as maker_rate, trim_scale(taker_rate)::text as taker_rate
       from spot_trade where taker_order_id = $1`,
      [takerOrderId],
    )
  )[0];

/** One trade: `maker` sells 1 BTC at 5000 to `taker`; answers the taker's order id. */
async function sellOneBtc(maker: number, taker: number): Promise<number> {
  const m = market();
  const ask = await m.place({ userId: maker, side: 'sell', type: 'limit', price: '5000', quantity: '1' });
  const bid = await m.place({ userId: taker, side: 'buy', type: 'limit', price: '5000', quantity: '1' });
  expect([ask.ok, bid.ok], JSON.stringify([ask, bid])).toEqual([true, true]);
  return (bid as { orderId: number }).orderId;
}

describe('spot fees from the schedules', () => {
  it('charges the default schedule, seeded from the old single row, and records the rates used', async () => {
    const maker = await user({ BTC: '1' });
    const taker = await user({ USDT: '5000' });
    const id = await sellOneBtc(maker, taker);
    expect(await trade(id)).toEqual({ maker_fee: '5', taker_fee: '0.001', maker_rate: '0.001', taker_rate: '0.001' });
  });

  it("a pair's own row beats the default; a higher tier pays its tier's row once the volume reaches it", async () => {
    await edit(`insert into fee_tier (tier, min_volume_usdt) values (1, 1000000)`);
    await edit(`insert into fee_schedule (product, market, tier, maker, taker) values ('spot', 'BTC_USDT', 0, 0.0008, 0.0009), ('spot', '*', 1, 0.0002, 0.0004)`);
    const maker = await user({ BTC: '3' });
    const taker = await user({ USDT: '15000' });
    expect(await trade(await sellOneBtc(maker, taker))).toMatchObject({ maker_rate: '0.0008', taker_rate: '0.0009' });
    // The taker reaches tier 1: BTC_USDT has no tier-1 row of its own, so its tier-0 row still applies —
    // the pair's rows first, the default's only for a pair without rows.
    const [state] = await t.db.query<{ day: string }>('select coalesce(volume_day_ms, 0)::text as day from fee_state');
    await edit('insert into fee_volume (user_id, day_ms, volume_usdt) values ($1, $2, 2000000)', [taker, state!.day]);
    await edit('update fee_state set volume_day_ms = $1', [state!.day]);
    expect(await trade(await sellOneBtc(maker, taker))).toMatchObject({ maker_rate: '0.0008', taker_rate: '0.0009' });
    await edit(`insert into fee_schedule (product, market, tier, maker, taker) values ('spot', 'BTC_USDT', 1, 0.0001, 0.0003)`);
    expect(await trade(await sellOneBtc(maker, taker))).toMatchObject({ maker_rate: '0.0008', taker_rate: '0.0003' });
    await edit(`delete from fee_schedule where market = 'BTC_USDT' or tier = 1`);
    await edit('delete from fee_tier where tier = 1');
  });

  it('an override applies until its end, then the schedule again', async () => {
    const maker = await user({ BTC: '2' });
    const taker = await user({ USDT: '10000' });
    await edit(
      `insert into fee_override (user_id, product, market, maker, taker, ends_ms, operator_id, created_ms) values ($1, 'spot', '*', 0, 0.0002, $2, 1, $3)`,
      [taker, clock + 60_000, clock],
    );
    expect(await trade(await sellOneBtc(maker, taker))).toMatchObject({ taker_rate: '0.0002', taker_fee: '0.0002' });
    await edit('update fee_override set ends_ms = $2 where user_id = $1', [taker, clock]);
    expect(await trade(await sellOneBtc(maker, taker))).toMatchObject({ taker_rate: '0.001', taker_fee: '0.001' });
  });

  it("a maker rebate is paid from the fee account, balanced in the ledger, and shown as the order's negative fee", async () => {
    const fees = await systemAccountId(t.db, 'fees');
    const maker = await user({ BTC: '1' });
    const taker = await user({ USDT: '5000' });
    await edit(
      `insert into fee_override (user_id, product, market, maker, taker, ends_ms, operator_id, created_ms) values ($1, 'spot', 'BTC_USDT', -0.0002, 0.001, $2, 1, $3)`,
      [maker, clock + 86_400_000, clock],
    );
    const before = await readBalance(t.db, fees, 'USDT');
    const m = market();
    const ask = (await m.place({ userId: maker, side: 'sell', type: 'limit', price: '5000', quantity: '1' })) as { orderId: number };
    const bid = (await m.place({ userId: taker, side: 'buy', type: 'limit', price: '5000', quantity: '1' })) as { orderId: number };
    // The maker sold 1 BTC for 5000 USDT and gets 0.02 % of it back: 1 USDT, from the fee account.
    expect(await readBalance(t.db, maker, 'USDT')).toEqual({ available: '5001', frozen: '0' });
    expect(await trade(bid.orderId)).toEqual({ maker_fee: '-1', taker_fee: '0.001', maker_rate: '-0.0002', taker_rate: '0.001' });
    expect(await readBalance(t.db, fees, 'USDT')).toEqual({ available: subDecimal(before.available, '1'), frozen: '0' });
    const [order] = await t.db.query<{ fee: string; fee_currency: string }>('select trim_scale(fee)::text as fee, fee_currency from spot_order where id = $1', [ask.orderId]);
    expect(order).toEqual({ fee: '-1', fee_currency: 'USDT' });
    const kinds = await t.db.query<{ user_id: string; kind: string; change: string }>(
      `select user_id::text, kind, trim_scale(available_change)::text as change from ledger_entry where ref_type = 'spot_trade' and kind in ('trade_rebate', 'fee_rebate') order by id`,
    );
    expect(kinds.map((k) => [Number(k.user_id), k.kind, k.change])).toEqual([
      [maker, 'trade_rebate', '1'],
      [fees, 'fee_rebate', '-1'],
    ]);
    expect(await auditBooks(t.db)).toEqual([]);
  });

  it('never pays a rebate beyond what the fee account holds: the rest is cut, the trade records what was paid', async () => {
    const fees = await systemAccountId(t.db, 'fees');
    // The fee account holds 0.5 USDT (an operator moved the rest away: here, a direct withdrawal).
    const held = await readBalance(t.db, fees, 'USDT');
    await t.db.transaction((tx) => changeBalance(tx, { userId: fees, currency: 'USDT', account: 'spot', available: `-${held.available}`, frozen: '0', kind: 'withdraw_out', refType: 'test', refId: null }));
    await t.db.transaction((tx) => changeBalance(tx, { userId: fees, currency: 'USDT', account: 'spot', available: '0.5', frozen: '0', kind: 'deposit', refType: 'test', refId: null }));
    const maker = await user({ BTC: '2' });
    const taker = await user({ USDT: '5000' });
    await edit(
      `insert into fee_override (user_id, product, market, maker, taker, ends_ms, operator_id, created_ms) values ($1, 'spot', '*', -0.0002, 0.001, $2, 1, $3)`,
      [maker, clock + 86_400_000, clock],
    );
    const id = await sellOneBtc(maker, taker);
    expect(await trade(id)).toMatchObject({ maker_fee: '-0.5', maker_rate: '-0.0002' });
    expect(await readBalance(t.db, maker, 'USDT')).toEqual({ available: '5000.5', frozen: '0' });
    expect(await readBalance(t.db, fees, 'USDT')).toEqual({ available: '0', frozen: '0' });
    // Nothing left: the next rebate is 0, and the trade still settles.
    const next = await sellOneBtc(maker, await user({ USDT: '5000' }));
    expect(await trade(next)).toMatchObject({ maker_fee: '0' });
    // Put back what the test took, so the books stay as they were.
    await t.db.transaction((tx) => changeBalance(tx, { userId: fees, currency: 'USDT', account: 'spot', available: addDecimal(held.available, '0'), frozen: '0', kind: 'deposit', refType: 'test', refId: null }));
  });

  it('two markets paying rebates in one currency at once never pay more than the fee account holds: the one refused by the fee row books again', async () => {
    const fees = await systemAccountId(t.db, 'fees');
    const held = await readBalance(t.db, fees, 'USDT');
    await t.db.transaction((tx) => changeBalance(tx, { userId: fees, currency: 'USDT', account: 'spot', available: `-${held.available}`, frozen: '0', kind: 'withdraw_out', refType: 'test', refId: null }));
    await t.db.transaction((tx) => changeBalance(tx, { userId: fees, currency: 'USDT', account: 'spot', available: '0.5', frozen: '0', kind: 'deposit', refType: 'test', refId: null }));
    const maker = await user({ BTC: '1', ETH: '10' });
    const taker = await user({ USDT: '10000' });
    await edit(
      `insert into fee_override (user_id, product, market, maker, taker, ends_ms, operator_id, created_ms) values ($1, 'spot', '*', -0.0002, 0.001, $2, 1, $3)`,
      [maker, clock + 86_400_000, clock],
    );
    // Both settlements read the budget before either writes: each waits at its settling statement
    // until the other has reached its own, as two markets' batches do under load.
    const arrived: Array<() => void> = [];
    const bothThere = new Promise<void>((resolve) => arrived.push(resolve));
    let waiting = 0;
    const racing = (): Database =>
      new Proxy(t.db, {
        get(target, key, receiver) {
          if (key !== 'query') return Reflect.get(target, key, receiver);
          return async (sql: string, ...rest: unknown[]) => {
            if (sql.includes('insert into spot_trade') && waiting < 2) {
              if (++waiting === 2) arrived[0]!();
              await bothThere;
            }
            return (target.query as (...a: unknown[]) => Promise<unknown>)(sql, ...rest);
          };
        },
      });
    const ETH_USDT: PairSpec = { ...BTC_USDT, left: 'ETH', symbol: 'ETH_USDT' };
    const btc = new SpotMarket(BTC_USDT, racing(), new ReferenceEngine(), publisher, () => clock);
    const eth = new SpotMarket(ETH_USDT, racing(), new ReferenceEngine(), publisher, () => clock);
    expect((await btc.place({ userId: maker, side: 'sell', type: 'limit', price: '5000', quantity: '1' })).ok).toBe(true);
    expect((await eth.place({ userId: maker, side: 'sell', type: 'limit', price: '500', quantity: '10' })).ok).toBe(true);
    // Each sale of 5000 USDT earns a 1 USDT rebate; the fee account holds 0.5 for both.
    const [b, e] = await Promise.all([
      btc.place({ userId: taker, side: 'buy', type: 'limit', price: '5000', quantity: '1' }),
      eth.place({ userId: taker, side: 'buy', type: 'limit', price: '500', quantity: '10' }),
    ]);
    expect([b.ok, e.ok], JSON.stringify([b, e])).toEqual([true, true]);
    const paid = await t.db.query<{ total: string }>(
      `select trim_scale(coalesce(sum(-maker_fee), 0))::text as total from spot_trade where maker_user_id = $1`,
      [maker],
    );
    expect(paid[0]!.total).toBe('0.5');
    expect(await readBalance(t.db, maker, 'USDT')).toEqual({ available: '10000.5', frozen: '0' });
    expect(await readBalance(t.db, fees, 'USDT')).toEqual({ available: '0', frozen: '0' });
    expect(await auditBooks(t.db)).toEqual([]);
    await t.db.transaction((tx) => changeBalance(tx, { userId: fees, currency: 'USDT', account: 'spot', available: held.available, frozen: '0', kind: 'deposit', refType: 'test', refId: null }));
    await edit('delete from fee_override where user_id = $1', [maker]);
  });

  it('a schedule change applies to the next trade, not to fills already made', async () => {
    const maker = await user({ BTC: '2' });
    const taker = await user({ USDT: '10000' });
    const first = await sellOneBtc(maker, taker);
    await edit(`update fee_schedule set maker = 0.0005, taker = 0.002 where product = 'spot' and market = '*' and tier = 0`);
    const second = await sellOneBtc(maker, taker);
    expect(await trade(first)).toMatchObject({ maker_rate: '0.001', taker_rate: '0.001', maker_fee: '5' });
    expect(await trade(second)).toMatchObject({ maker_rate: '0.0005', taker_rate: '0.002', maker_fee: '2.5', taker_fee: '0.002' });
    await edit(`update fee_schedule set maker = 0.001, taker = 0.001 where product = 'spot' and market = '*' and tier = 0`);
  });
});
