// @vitest-environment jsdom
/**
 * A wrong invitation code was a short toast (an audit): it is now said under the invitation-code
 * field, in the server's translated words, as the form says its own rules under their fields; it
 * stays there until the code in the field is changed. Other refusals are written in the form, above
 * its button (a toast was gone before a new user read it), until the form is sent again.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { inApp, testTexts } from '../../../../app/testing/viewHarness';
import { NoticesContext, type ShellNotices } from '../../../../app/layout/notices.context';
import { RegistrationContext } from '../../accounts.hooks';
import type { SessionGrant } from '../../machines/login/login.machine';
import { registrationMachine, type AccountFields, type DetailFields } from '../../machines/registration/registration.machine';
import { RegisterNextPage } from './RegisterNextPage';

afterEach(cleanup);

const notices = { useNotes: () => ({ openNote: () => undefined }) } as unknown as ShellNotices;

async function atDetails(refusal: { serverMessage: string; field?: string }, locale: 'en_US' | 'de_DE' = 'en_US') {
  const i18n = await testTexts(locale);
  const toasts: unknown[] = [];
  let sent = 0;
  const actor = createActor(
    registrationMachine.provide({
      actors: {
        checkCode: fromPromise<unknown, AccountFields & { code: string }>(async () => null),
        register: fromPromise<SessionGrant, AccountFields & { code: string } & DetailFields>(async () => {
          sent += 1;
          throw { kind: 'server', ...refusal };
        }),
      },
      actions: { showToast: (_, params) => void toasts.push(params) },
    }),
  ).start();
  actor.send({ type: 'reg.checkCode', fields: { account: 'ada@example.org', code: '123456' } });
  await act(async () => undefined);
  render(
    inApp(
      i18n,
      <MemoryRouter>
        <NoticesContext.Provider value={notices}>
          <RegistrationContext.Provider value={actor}>
            <RegisterNextPage />
          </RegistrationContext.Provider>
        </NoticesContext.Provider>
      </MemoryRouter>,
    ),
  );
  for (const [label, value] of [
    ['auth.password', 'Trader2026!'],
    ['auth.repeatPassword', 'Trader2026!'],
    ['auth.fundsPassword', 'Funds2026!'],
    ['auth.repeatFundsPassword', 'Funds2026!'],
    ['auth.invitationCode', 'NOPE'],
  ] as const) {
    fireEvent.change(screen.getByLabelText(i18n.t(label)), { target: { value } });
  }
  fireEvent.click(screen.getByRole('checkbox'));
  fireEvent.click(screen.getByRole('button', { name: i18n.t('auth.createAccount') }));
  // The form's rules run asynchronously (the password strength's dictionaries load on first use).
  await waitFor(() => expect(sent).toBe(1), { timeout: 10_000 });
  await act(async () => undefined);
  return { i18n, toasts };
}

describe('/reg-next: a refused invitation code', () => {
  it('is said under the invitation-code field, translated, not toasted; changing the code takes it away', { timeout: 20_000 }, async () => {
    const { i18n, toasts } = await atDetails({ serverMessage: 'Der Einladungscode ist ungültig', field: 'invitation_code' }, 'de_DE');
    const field = screen.getByLabelText(i18n.t('auth.invitationCode'));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(message?.textContent).toBe('Der Einladungscode ist ungültig');
    expect(message?.getAttribute('role')).toBe('alert');
    expect(toasts).toEqual([]);
    fireEvent.change(field, { target: { value: 'OPENEX' } });
    await act(async () => undefined);
    expect(field.getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByText('Der Einladungscode ist ungültig')).toBeNull();
  });

  it('another refusal (no field named) is written in the form above the button, not toasted, and no field is marked', { timeout: 20_000 }, async () => {
    const { i18n, toasts } = await atDetails({ serverMessage: 'The verification code is wrong or has expired' });
    expect(toasts).toEqual([]);
    const said = screen.getByTestId('register-refusal');
    expect(said.textContent).toBe('The verification code is wrong or has expired');
    expect(said.getAttribute('role')).toBe('alert');
    expect(screen.getByLabelText(i18n.t('auth.invitationCode')).getAttribute('aria-invalid')).toBe('false');
  });
});
