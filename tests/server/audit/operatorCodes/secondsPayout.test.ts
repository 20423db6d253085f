import { describe, expect, it } from 'vitest';
import { SECONDS_PATHS, type SecondsPeriod } from '../../../../domain/seconds.js';
import { MESSAGES } from '../../../../server/kernel/platform/i18n/messages.js';
import { expectOk, expectRefusal, post } from '../../http.js';
import { useSeconds } from '../../seconds/harness.js';
import { adminCode, auditMark, auditRowsAfter } from '../../support/operators.js';

/**
 * A seconds contract's payout rate is what the house pays every winning contract, so an
 * operator's change naming one asks the operator's own 2FA code (the house rule; docs/OPERATOR.md
 * "What each call needs"): without 2FA on, no code, a wrong one and a code used once already are each refused,
 * written to the audit log as refused, and change nothing; a fresh code changes it, its audit row
 * holding the rate before and after. A change of stakes or exposure alone asks none.
 */
const t = useSeconds();
const EN = MESSAGES.en_US;

const update = (change: object) => post<SecondsPeriod>(t.app, SECONDS_PATHS.operatorUpdatePeriod, { symbol: 'BTC_USDT', period: 60, ...change }, t.operator);
const rateOf = async () => (await t.db.query<{ rate: string }>(`select trim_scale(payout_rate)::text as rate from seconds_period where left_symbol = 'BTC' and right_symbol = 'USDT' and period_s = 60`))[0]?.rate;

describe('a seconds payout rate’s change asks the operator’s 2FA code', () => {
  it('refuses no code, a wrong one and one used already, each audited as refused and changing nothing; a fresh one changes it', async () => {
    const mark = await auditMark(t.db);
    // The test bed's operator has no 2FA on until its first code is asked of it.
    expectRefusal(await update({ payout_rate: '0.99' }), 400, EN.secondsTwoFactorRequired);
    const used = await adminCode(t.operator);
    expectRefusal(await update({ payout_rate: '0.99' }), 400, EN.twoFactorRequired);
    expectRefusal(await update({ payout_rate: '0.99', totp_code: '000000' }), 400, EN.twoFactorWrong);
    expectOk(await update({ payout_rate: '0.86', totp_code: used }));
    expectRefusal(await update({ payout_rate: '0.99', totp_code: used }), 400, EN.twoFactorWrong);
    expect(await rateOf()).toBe('0.86');
    expect((await auditRowsAfter(t.db, mark)).map((r) => [r.kind, r.object_id, r.outcome, r.detail, r.before, r.after])).toEqual([
      ['seconds.period_update', 'BTC_USDT:60', 'refused', 'secondsTwoFactorRequired', null, null],
      ['seconds.period_update', 'BTC_USDT:60', 'refused', 'twoFactorRequired', null, null],
      ['seconds.period_update', 'BTC_USDT:60', 'refused', 'twoFactorWrong', null, null],
      ['seconds.period_update', 'BTC_USDT:60', 'done', '', { payout_rate: '0.85' }, { payout_rate: '0.86' }],
      ['seconds.period_update', 'BTC_USDT:60', 'refused', 'twoFactorWrong', null, null],
    ]);
  });

  it('asks no code for stakes, exposure or the switch alone', async () => {
    expect(expectOk(await update({ max_exposure: '50000', enabled: true }))).toMatchObject({ max_exposure: '50000', payout_rate: '0.86' });
  });
});
