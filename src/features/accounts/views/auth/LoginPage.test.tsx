// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { inApp, testTexts } from '../../../../app/testing/viewHarness';
import { AccountsContext } from '../../accounts.context';
import type { AccountsFlows } from '../../accounts.hooks';
import { loginMachine, type LoginFields, type SessionGrant } from '../../machines/login/login.machine';
import type { TwoFactorChallenge } from '../../../../../domain/twoFactor';
import { LoginPage } from './LoginPage';

afterEach(cleanup);

describe('login page', () => {
  it('writes a refused login in the form with role="alert" and takes it away when a field changes (issue 50 S3)', async () => {
    const i18n = await testTexts();
    const login = loginMachine.provide({
      actors: {
        login: fromPromise<SessionGrant | TwoFactorChallenge, LoginFields>(async () => {
          throw { kind: 'server', serverMessage: 'Wrong account or password' };
        }),
      },
    });
    render(
      inApp(
        i18n,
        <MemoryRouter>
          <AccountsContext.Provider value={{ login } as unknown as AccountsFlows}>
            <LoginPage />
          </AccountsContext.Provider>
        </MemoryRouter>,
      ),
    );
    fireEvent.change(screen.getByLabelText('Email or phone'), { target: { value: 'ada@example.org' } });
    fireEvent.change(screen.getByLabelText('Login password'), { target: { value: 'Wrong2026!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong account or password');
    fireEvent.change(screen.getByLabelText('Login password'), { target: { value: 'Trader2026!' } });
    await act(async () => undefined);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
