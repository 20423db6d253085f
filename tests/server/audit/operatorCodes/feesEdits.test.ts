import { describe, expect, it } from 'vitest';
import { FEE_PATHS, type FeeScheduleRow, type FeeTier } from '../../../../domain/fees.js';
import { MESSAGES } from '../../../../server/kernel/platform/i18n/messages.js';
import { createFees } from '../../../../server/products/fees/product.js';
import { expectOk, expectRefusal } from '../../http.js';
import { auditMark, auditRowsAfter } from '../../support/operators.js';
import { productTestbed } from '../../support/productTestbed.js';

/**
 * The fee schedule and the tiers set what every trade pays (a maker rebate is paid from the fee
 * account), so finance's edit of either asks the operator's own 2FA code (the house rule;
 * docs/OPERATOR.md "What each call needs"), as a user's override does: no code, a wrong one and a
 * code used once already are each refused, written to the audit log as refused, and change nothing;
 * a fresh code saves, its audit row holding what was before and after.
 */
const EN = MESSAGES.en_US;
const t = productTestbed({
  startAt: Date.UTC(2026, 10, 27, 9, 0, 0),
  products: ({ db, now }) => createFees({ db, now }),
  operator: 'fees-codes@openex.test',
  users: { tag: 'feecodes' },
});
const ops = t.deskOperators({ finance: ['finance'] });

const state = async () => ({
  schedule: await t.db.query('select * from fee_schedule order by product, market, tier'),
  tiers: await t.db.query('select * from fee_tier order by tier'),
});
const withCode = (body: object, code?: string) => (code === undefined ? body : { ...body, totp_code: code });
const schedule = (body: object, code?: string) => t.post<FeeScheduleRow>(ops.finance.headers, FEE_PATHS.operatorSchedule, withCode(body, code));
const tiers = (body: { tiers: FeeTier[] }, code?: string) => t.post<FeeTier[]>(ops.finance.headers, FEE_PATHS.operatorTiers, withCode(body, code));
const code = () => t.operatorCode(ops.finance);

const EDITS = [
  { name: 'a schedule row', kind: 'fees.schedule', send: schedule, body: { product: 'spot', market: '*', tier: 0, maker: '0.002', taker: '0.99999999' } },
  { name: 'the tiers', kind: 'fees.tiers', send: tiers, body: { tiers: [{ tier: 0, min_volume_usdt: '0' }, { tier: 1, min_volume_usdt: '1000000' }] } },
] as const;

describe.each(EDITS)('finance’s edit of $name asks the operator’s 2FA code', (edit) => {
  it('refuses no code, a wrong one and one used already, each audited as refused and changing nothing; a fresh one saves', async () => {
    const send = (c?: string) => (edit.send as (body: object, c?: string) => ReturnType<typeof schedule>)(edit.body, c);
    const before = await state();
    const mark = await auditMark(t.db);
    expectRefusal(await send(), 400, EN.twoFactorRequired);
    expectRefusal(await send('000000'), 400, EN.twoFactorWrong);
    // A code spent on another coded action (a user's override, refused for its past end) is not taken again.
    const used = code();
    expectRefusal(await t.post(ops.finance.headers, FEE_PATHS.operatorOverride, { user_id: 1, product: 'spot', market: '*', maker: '0', taker: '0', ends_ms: 1, totp_code: used }), 400);
    expectRefusal(await send(used), 400, EN.twoFactorWrong);
    expect(await state()).toEqual(before);
    const refused = (await auditRowsAfter(t.db, mark)).filter((r) => r.kind === edit.kind);
    expect(refused.map((r) => [r.kind, r.outcome, r.detail])).toEqual([
      [edit.kind, 'refused', 'twoFactorRequired'],
      [edit.kind, 'refused', 'twoFactorWrong'],
      [edit.kind, 'refused', 'twoFactorWrong'],
    ]);

    const saved = await auditMark(t.db);
    expectOk(await send(code()));
    expect(await state()).not.toEqual(before);
    const [done, ...more] = await auditRowsAfter(t.db, saved);
    expect(more).toEqual([]);
    expect(done).toMatchObject({ kind: edit.kind, outcome: 'done' });
    expect(done!.before).not.toBeNull();
    expect(done!.after).not.toBeNull();
  });
});
