// @vitest-environment jsdom
/**
 * The security change pages (/user/s-loginpwd and the others) ask the 2FA code only when the server
 * will: with 2FA off the field was still offered "if 2FA is on" (an audit); with 2FA on, an empty
 * code was sent and refused by the server in a toast. Now the page reads whether 2FA is on: off, no
 * field; on, the field is the authenticator-or-recovery code, and an empty one is said under it
 * before anything is sent; unknown (the read failed), the optional field as before.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { inShell, renderWithFlows } from '../../../../app/testing/viewHarness';
import { AccountsContext } from '../../accounts.context';
import type { AccountsFlows } from '../../accounts.hooks';
import { securityChangeMachine, type CodeRequest, type SecurityFields } from '../../machines/securityChange/securityChange.machine';
import type { SecurityKind } from '../../../../../domain/userCentre';
import { SecurityChangePage } from './SecurityChangePage';

afterEach(cleanup);

function flows(twoFactor: boolean | 'unknown', submitted: unknown[]): AccountsFlows {
  return {
    securityChange: securityChangeMachine.provide({
      actors: {
        readTwoFactor: fromPromise<boolean>(async () => {
          if (twoFactor === 'unknown') throw { kind: 'network' };
          return twoFactor;
        }),
        sendCode: fromPromise<null, CodeRequest>(async () => null),
        submitChange: fromPromise<null, { kind: SecurityKind; fields: SecurityFields }>(async ({ input }) => {
          submitted.push(input);
          return null;
        }),
      },
      actions: { showToast: () => undefined, sessionEnded: () => undefined },
    }),
  } as unknown as AccountsFlows;
}

const render = (twoFactor: boolean | 'unknown', locale: 'en_US' | 'fr_FR' = 'en_US', submitted: unknown[] = []) =>
  renderWithFlows(AccountsContext, flows(twoFactor, submitted), inShell(<SecurityChangePage kind="fundsPwd" />, { session: 'in' }), { locale, route: '/user/s-securitypwd' });

function fill(i18n: Awaited<ReturnType<typeof render>>) {
  fireEvent.change(screen.getByLabelText(i18n.t('security.codeToAccount')), { target: { value: '123456' } });
  fireEvent.change(screen.getByLabelText(i18n.t('security.newFundsPassword')), { target: { value: 'Qx7!mPz#2vLw' } });
  fireEvent.change(screen.getByLabelText(i18n.t('auth.repeatFundsPassword')), { target: { value: 'Qx7!mPz#2vLw' } });
}

describe('the security change pages ask the 2FA code only when the server will', () => {
  it('with 2FA off, no code field; the change is sent without one', async () => {
    const submitted: unknown[] = [];
    const i18n = await render(false, 'fr_FR', submitted);
    await screen.findByLabelText(i18n.t('security.codeToAccount'));
    await waitFor(() => expect(screen.queryByLabelText(i18n.t('twoFactor.optionalCode'))).toBeNull());
    expect(screen.queryByLabelText(i18n.t('twoFactor.codeOrRecovery'))).toBeNull();
    fill(i18n);
    fireEvent.click(screen.getByRole('button', { name: i18n.t('security.submit') }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toEqual({ kind: 'fundsPwd', fields: { code: '123456', password: 'Qx7!mPz#2vLw', password_repeat: 'Qx7!mPz#2vLw' } });
  });

  it('with 2FA on, an empty code is said under its field and nothing is sent; a code is sent', async () => {
    const submitted: unknown[] = [];
    const i18n = await render(true, 'en_US', submitted);
    const field = await screen.findByLabelText(i18n.t('twoFactor.codeOrRecovery'));
    fill(i18n);
    fireEvent.click(screen.getByRole('button', { name: i18n.t('security.submit') }));
    expect(await screen.findByText(i18n.t('twoFactor.codeOrRecoveryRequired'))).toBeTruthy();
    expect(submitted).toEqual([]);
    fireEvent.change(field, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: i18n.t('security.submit') }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toMatchObject({ fields: { totp_code: '654321' } });
  });

  it('when whether 2FA is on cannot be read, the code is offered "if 2FA is on"', async () => {
    const i18n = await render('unknown');
    expect(await screen.findByLabelText(i18n.t('twoFactor.optionalCode'))).toBeTruthy();
  });
});
