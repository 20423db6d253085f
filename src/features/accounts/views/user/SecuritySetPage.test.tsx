// @vitest-environment jsdom
/**
 * /user/s-securityset says once that withdrawals are held after a security change: turning 2FA on
 * showed the hold in the 2FA panel and again in the security level above it (an audit read it
 * twice in Russian, where the two sentences were nearly the same; it was so in every language).
 * The level's line, read again after every 2FA change and true whatever change started the hold,
 * is the one kept.
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import type { SecurityLevel } from '../../../../../domain/accountSafety';
import { LOCALE_CODES } from '../../../../../domain/languages';
import type { TwoFactorBegin, TwoFactorConfirmed, TwoFactorEnrolment, TwoFactorStatus } from '../../../../../domain/twoFactor';
import { inShell, renderWithFlows } from '../../../../app/testing/viewHarness';
import { AccountsContext } from '../../accounts.context';
import type { AccountsFlows } from '../../accounts.hooks';
import { securityLevelMachine } from '../../machines/securityLevel/securityLevel.machine';
import { twoFactorEnrolmentMachine } from '../../machines/twoFactor/twoFactorEnrolment.machine';
import { SecuritySetPage } from './SecuritySetPage';

afterEach(cleanup);

const LOCKED_UNTIL = 1_800_000_000_000;
const LEVEL: SecurityLevel = {
  items: [
    { id: 'two_factor', on: true },
    { id: 'identity', on: false },
    { id: 'anti_phishing', on: false },
    { id: 'allowlist', on: false },
  ],
  score: 1,
  level: 'low',
  next: 'identity',
  allowlist: false,
  withdrawals_locked_until: LOCKED_UNTIL,
};

function flows(): AccountsFlows {
  return {
    securityLevel: securityLevelMachine.provide({
      actors: { fetchLevel: fromPromise<SecurityLevel>(async () => LEVEL), securitySignals: fromCallback(() => () => undefined) },
      actions: { showToast: () => undefined },
    }),
    twoFactorEnrolment: twoFactorEnrolmentMachine.provide({
      actors: {
        fetchStatus: fromPromise<TwoFactorStatus>(async () => ({ enabled: false, recovery_codes_left: 0, withdrawals_locked_until: 0, locked: false })),
        begin: fromPromise<TwoFactorEnrolment, TwoFactorBegin>(async () => ({ secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/OpenEx:ada%40example.org?secret=JBSWY3DPEHPK3PXP', issuer: 'OpenEx', account: 'ada@example.org' })),
        confirm: fromPromise<TwoFactorConfirmed, { code: string }>(async () => ({ recovery_codes: ['ABCDE-FGHJK'], withdrawals_locked_until: LOCKED_UNTIL })),
      },
      actions: { showToast: () => undefined, securityChanged: () => undefined },
    }),
  } as unknown as AccountsFlows;
}

describe('/user/s-securityset: the withdrawal hold', () => {
  it.each(LOCALE_CODES)('is said once in %s after 2FA is turned on, by the security level', async (locale) => {
    const i18n = await renderWithFlows(AccountsContext, flows(), inShell(<SecuritySetPage />), { locale, route: '/user/s-securityset' });
    fireEvent.click(await screen.findByRole('button', { name: i18n.t('twoFactor.setUp') }));
    fireEvent.change(screen.getByLabelText(i18n.t('twoFactor.password')), { target: { value: 'Trader2026!' } });
    fireEvent.click(screen.getByRole('button', { name: i18n.t('twoFactor.continue') }));
    fireEvent.change(await screen.findByLabelText(i18n.t('twoFactor.code')), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: i18n.t('twoFactor.confirm') }));
    await screen.findByRole('list', { name: i18n.t('twoFactor.codesTitle') });
    await act(async () => undefined);
    const holds = screen.getAllByRole('status').filter((s) => s.textContent?.includes(i18n.t('safety.lockedUntil')) || (i18n.exists('twoFactor.withdrawalsLocked') && s.textContent?.includes(i18n.t('twoFactor.withdrawalsLocked'))));
    expect(holds).toHaveLength(1);
    expect(screen.getByRole('region', { name: i18n.t('safety.levelTitle') }).contains(holds[0]!)).toBe(true);
  });
});
