import { describe, expect, it } from 'vitest';
import { DAY_MS, FEE_PATHS, type FeeOverride, type FeeScheduleRow, type FeeTier, type FeesDesk, type MyFees } from '../../../domain/fees.js';
import { feeRateOf, forgetFeeRates } from '../../../server/kernel/platform/fees/feeRates.js';
import { MESSAGES } from '../../../server/kernel/platform/i18n/messages.js';
import { createFees } from '../../../server/products/fees/product.js';
import { expectOk, expectRefusal } from '../http.js';
import { auditKindsAfter, auditMark, auditRowsAfter, type TestOperator } from '../support/operators.js';
import { productTestbed } from '../support/productTestbed.js';

/**
 * Issue 52 §2 on the desk and the user's page: finance edits tiers and schedules with its own 2FA
 * code (audited, the next lookup sees them at once; the code's refusals are in
 * audit/operatorCodes/feesEdits.test.ts), sets a user's override with its own 2FA code (refused
 * without it, audited either way), the auditor reads but cannot edit, other roles get 403; bad input is a
 * translated 400 that changes nothing; the daily 30-day volumes are exact from the trades of the
 * window; the user's page shows tier, volume, the next tier and their own rate per market.
 */
const EN = MESSAGES.en_US;
const START = Date.UTC(2026, 10, 27, 9, 0, 0);
const t = productTestbed({
  startAt: START,
  products: ({ db, now }) => createFees({ db, now }),
  operator: 'fees-admin@openex.test',
  users: { tag: 'fees' },
});

const ops = t.deskOperators({ finance: ['finance'], auditor: ['auditor'], risk: ['risk'] });

/** A schedule row's edit, with a fresh 2FA code of the operator's (the route asks it: it moves money). */
const schedule = (op: TestOperator, body: object) => t.post<FeeScheduleRow>(op.headers, FEE_PATHS.operatorSchedule, { totp_code: t.operatorCode(op), ...body });
/** The tiers replaced, with a fresh 2FA code of the operator's. */
const setTiers = (op: TestOperator, tiers: FeeTier[]) => t.post<FeeTier[]>(op.headers, FEE_PATHS.operatorTiers, { tiers, totp_code: t.operatorCode(op) });
const override = (op: TestOperator, body: object) => t.post<FeeOverride>(op.headers, FEE_PATHS.operatorOverride, body);
const state = async () => ({
  schedule: await t.db.query('select * from fee_schedule order by product, market, tier'),
  tiers: await t.db.query('select * from fee_tier order by tier'),
  overrides: await t.db.query('select * from fee_override order by user_id, product, market'),
});

describe('the fees desk', () => {
  it('finance reads and edits; the auditor only reads; risk neither', async () => {
    const desk = expectOk(await t.post<FeesDesk>(ops.auditor.headers, FEE_PATHS.operatorRead, {}));
    expect(desk.tiers).toEqual([{ tier: 0, min_volume_usdt: '0' }]);
    expect(desk.schedule).toEqual([
      { product: 'futures', market: '*', tier: 0, maker: '0.0002', taker: '0.0005' },
      { product: 'spot', market: '*', tier: 0, maker: '0.001', taker: '0.001' },
    ]);
    expect(desk.markets).toContainEqual({ product: 'spot', market: 'BTC_USDT' });
    expect((await schedule(ops.auditor, { product: 'spot', market: '*', tier: 0, maker: '0.002', taker: '0.002' })).body.code).toBe(403);
    expect((await t.post(ops.risk.headers, FEE_PATHS.operatorRead, {})).body.code).toBe(403);
    expectOk(await t.post<FeesDesk>(ops.finance.headers, FEE_PATHS.operatorRead, {}));
  });

  it('tiers and a schedule row: saved, audited, and the next lookup uses them at once', async () => {
    const mark = await auditMark(t.db);
    const tiers: FeeTier[] = [
      { tier: 0, min_volume_usdt: '0' },
      { tier: 1, min_volume_usdt: '1000000' },
    ];
    expectOk(await setTiers(ops.finance, tiers));
    const saved = expectOk(await schedule(ops.finance, { product: 'spot', market: 'btc_usdt', tier: 1, maker: '-0.0001', taker: '0.0005' }));
    expect(saved).toEqual({ product: 'spot', market: 'BTC_USDT', tier: 1, maker: '-0.0001', taker: '0.0005' });
    const rows = await auditRowsAfter(t.db, mark);
    expect(rows.map((r) => [r.kind, r.object_id, r.outcome])).toEqual([
      ['fees.tiers', 'all', 'done'],
      ['fees.schedule', 'spot BTC_USDT 1', 'done'],
    ]);
    // A user at tier 1 pays it in BTC_USDT; elsewhere the default.
    const trader = await t.user();
    await t.db.query('insert into fee_volume (user_id, day_ms, volume_usdt) values ($1, 0, 1500000)', [trader.id]);
    await t.db.query('update fee_state set volume_day_ms = 0, version = version + 1');
    forgetFeeRates(t.db);
    expect(await feeRateOf(t.db, t.db, 'spot', 'BTC_USDT', trader.id)).toMatchObject({ maker: '-0.0001', taker: '0.0005', tier: 1 });
    expect(await feeRateOf(t.db, t.db, 'spot', 'ETH_USDT', trader.id)).toMatchObject({ maker: '0.001', tier: 0 });
    // Removing a tier a schedule row uses is refused; removing the row, then the tier, is not.
    expectRefusal(await setTiers(ops.finance, [tiers[0]!]), 400, EN.feesTierInUse);
    expectOk(await schedule(ops.finance, { product: 'spot', market: 'BTC_USDT', tier: 1, maker: '0', taker: '0', remove: true }));
    expectOk(await setTiers(ops.finance, [tiers[0]!]));
    expect(await feeRateOf(t.db, t.db, 'spot', 'BTC_USDT', trader.id)).toMatchObject({ maker: '0.001', tier: 0 });
  });

  it('refuses bad rates, tiers and markets with a translated 400, changes nothing, audits the refusal', async () => {
    const before = await state();
    const mark = await auditMark(t.db);
    const cases: Array<[object, string]> = [
      [{ product: 'spot', market: '*', tier: 0, maker: '-0.002', taker: '0.001' }, EN.feesRebateTooLarge],
      [{ product: 'spot', market: '*', tier: 0, maker: '0.001', taker: '-0.001' }, EN.feesTakerNegative],
      [{ product: 'spot', market: '*', tier: 0, maker: '1.5', taker: '0.001' }, EN.feesRateMalformed],
      [{ product: 'spot', market: '*', tier: 0, maker: '0.0000000001', taker: '0.001' }, EN.feesRateMalformed],
      [{ product: 'spot', market: 'NOPE_USDT', tier: 0, maker: '0.001', taker: '0.001' }, EN.feesMarketUnknown],
      [{ product: 'spot', market: '*', tier: 7, maker: '0.001', taker: '0.001' }, EN.feesTierUnknown],
      [{ product: 'spot', market: '*', tier: 0, maker: '0.001', taker: '0.001', remove: true }, EN.feesDefaultRequired],
    ];
    for (const [body, message] of cases) expectRefusal(await schedule(ops.finance, body), 400, message);
    expectRefusal(await setTiers(ops.finance, [{ tier: 1, min_volume_usdt: '0' }]), 400, EN.feesTiersInvalid);
    expectRefusal(
      await setTiers(ops.finance, [
        { tier: 0, min_volume_usdt: '0' },
        { tier: 1, min_volume_usdt: '500' },
        { tier: 2, min_volume_usdt: '400' },
      ]),
      400,
      EN.feesTiersInvalid,
    );
    // The schema's refusals: an unknown product, a field too many.
    expect((await schedule(ops.finance, { product: 'margin', market: '*', tier: 0, maker: '0', taker: '0' })).body.code).toBe(400);
    expect((await schedule(ops.finance, { product: 'spot', market: '*', tier: 0, maker: '0', taker: '0', extra: 1 })).body.code).toBe(400);
    expect(await state()).toEqual(before);
    const rows = await auditRowsAfter(t.db, mark);
    expect(rows.filter((r) => r.outcome === 'refused')).toHaveLength(cases.length + 2);
  });

  it("a user's override asks the operator's 2FA code, applies until its end, and can be ended", async () => {
    const partner = await t.user();
    const body = { user_id: partner.id, product: 'spot', market: 'BTC_USDT', maker: '-0.0002', taker: '0.0004', ends_ms: START + 30 * DAY_MS, note: 'market maker programme' };
    const before = await state();
    const mark = await auditMark(t.db);
    expectRefusal(await override(ops.finance, body), 400);
    expectRefusal(await override(ops.finance, { ...body, totp_code: '000000' }), 400);
    expect(await state()).toEqual(before);
    expect(await auditKindsAfter(t.db, mark)).toEqual([
      ['fees.override', 'refused'],
      ['fees.override', 'refused'],
    ]);
    expectRefusal(await override(ops.finance, { ...body, ends_ms: t.now() - 1, totp_code: t.operatorCode(ops.finance) }), 400, EN.feesEndInPast);
    expectRefusal(await override(ops.finance, { ...body, user_id: 999_999_999, totp_code: t.operatorCode(ops.finance) }), 400, EN.feesUserUnknown);
    const saved = expectOk(await override(ops.finance, { ...body, ends_ms: t.now() + DAY_MS, totp_code: t.operatorCode(ops.finance) }));
    expect(saved).toMatchObject({ user_id: partner.id, maker: '-0.0002', taker: '0.0004', note: 'market maker programme' });
    expect(await feeRateOf(t.db, t.db, 'spot', 'BTC_USDT', partner.id, t.now())).toMatchObject({ maker: '-0.0002', source: 'override' });
    // Its end passes: the schedule again, with no edit.
    expect(await feeRateOf(t.db, t.db, 'spot', 'BTC_USDT', partner.id, saved.ends_ms)).toMatchObject({ maker: '0.001', source: 'schedule' });
    // Ended by finance now.
    const ended = expectOk(await override(ops.finance, { user_id: partner.id, product: 'spot', market: 'BTC_USDT', end: true, totp_code: t.operatorCode(ops.finance) }));
    expect(ended.ends_ms).toBe(t.now());
    expect(await feeRateOf(t.db, t.db, 'spot', 'BTC_USDT', partner.id, t.now())).toMatchObject({ source: 'schedule' });
    expectRefusal(await override(ops.finance, { user_id: partner.id, product: 'spot', market: 'BTC_USDT', end: true, totp_code: t.operatorCode(ops.finance) }), 400, EN.feesOverrideNotFound);
  });
});

describe('30-day volumes and the user page', () => {
  it('sums both sides of every spot and futures trade of the 30 days before the day, in USDT, exactly', async () => {
    const [a, b, c] = [await t.user(), await t.user(), await t.user()];
    const day = Math.floor(t.now() / DAY_MS) * DAY_MS;
    const spot = async (maker: number, taker: number, price: string, quantity: string, at: number, right = 'USDT') =>
      t.db.query(
        `insert into spot_trade (id, left_symbol, right_symbol, price, quantity, taker_side, maker_order_id, taker_order_id, maker_user_id, taker_user_id, created_ms)
         values ((select coalesce(max(id), 0) + 1 from spot_trade), 'BTC', $6, $3, $4, 'buy', 0, 0, $1, $2, $5)`,
        [maker, taker, price, quantity, at, right],
      );
    await spot(a.id, b.id, '50000.5', '0.1', day - 1); // 5000.05 each, in the window
    await spot(a.id, c.id, '40000', '2', day - 30 * DAY_MS); // 80000 each, the window's first moment
    await spot(a.id, b.id, '40000', '1', day - 30 * DAY_MS - 1); // before the window
    await spot(b.id, c.id, '40000', '1', day); // the day itself: not yet
    expect(await t.products.service.computeNow(day)).toBeGreaterThanOrEqual(3);
    const volumes = await t.db.query<{ user_id: string; v: string }>('select user_id::text, trim_scale(volume_usdt)::text as v from fee_volume where day_ms = $1 and user_id = any($2::bigint[]) order by user_id', [
      day,
      [a.id, b.id, c.id],
    ]);
    expect(volumes.map((r) => [Number(r.user_id), r.v])).toEqual([
      [a.id, '85000.05'],
      [b.id, '5000.05'],
      [c.id, '80000'],
    ]);
    // The daily step does nothing more the same day.
    expect(await t.products.service.runDaily()).toBe(false);
  });

  it("shows the user's tier, volume, next tier and own rate per market", async () => {
    const tiers: FeeTier[] = [
      { tier: 0, min_volume_usdt: '0' },
      { tier: 1, min_volume_usdt: '50000' },
      { tier: 2, min_volume_usdt: '1000000' },
    ];
    expectOk(await setTiers(ops.finance, tiers));
    expectOk(await schedule(ops.finance, { product: 'spot', market: '*', tier: 1, maker: '0.0008', taker: '0.0009' }));
    const user = await t.user();
    const day = Math.floor(t.now() / DAY_MS) * DAY_MS;
    await t.db.query('insert into fee_volume (user_id, day_ms, volume_usdt) values ($1, $2, 60000)', [user.id, day]);
    await t.db.query('update fee_state set volume_day_ms = $1', [day]);
    const mine = expectOk(await t.post<MyFees>(user, FEE_PATHS.mine, {}));
    expect(mine).toMatchObject({ tier: 1, volume_usdt: '60000', volume_day_ms: day, next: { tier: 2, min_volume_usdt: '1000000', missing: '940000' } });
    const btc = mine.markets.find((m) => m.product === 'spot' && m.market === 'BTC_USDT')!;
    expect(btc.schedule).toEqual([
      { tier: 0, maker: '0.001', taker: '0.001' },
      { tier: 1, maker: '0.0008', taker: '0.0009' },
      { tier: 2, maker: '0.0008', taker: '0.0009' },
    ]);
    expect(btc.mine).toMatchObject({ maker: '0.0008', taker: '0.0009', source: 'schedule', tier: 1 });
    expect(mine.markets.some((m) => m.product === 'futures')).toBe(true);
    expect(expectOk(await t.post(user, FEE_PATHS.rate, { product: 'spot', symbol: 'btc_usdt' }))).toEqual({ maker: '0.0008', taker: '0.0009' });
    expect((await t.post(undefined, FEE_PATHS.mine, {})).body.code).toBe(403);
  });
});
