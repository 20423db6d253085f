// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { OPERATOR_PATHS, type OperatorSessionView } from '../../../../domain/operators';
import { OperatorDesksContext } from '../../../app/feature';
import { inApp, inShell, testTexts } from '../../../app/testing/viewHarness';
import { createMySecurityActors } from '../actors/operator.actors';
import { mySecurityMachine } from '../machines/mySecurity/mySecurity.machine';
import { ownPasswordMachine } from '../machines/ownPassword/ownPassword.machine';
import { operatorSessionMachine, type OperatorEnrolled, type OperatorSignInAnswer } from '../machines/operatorSession/operatorSession.machine';
import { OperatorContext } from '../operator.context';
import type { OperatorFlows } from '../operator.hooks';
import { MySecurityDesk } from './MySecurityDesk';
import { OperatorLayout } from './OperatorLayout';

afterEach(cleanup);

const operator = { id: 1, account: 'root@openex.test', roles: ['admin' as const] };
const sessions: OperatorSessionView[] = [
  { id: 9, user_agent: 'Firefox', ip: '10.0.0.1', created_at: 1_700_000_000_000, last_seen_at: 1_700_000_100_000, expires_at: 1_800_000_000_000, current: true, step_up_until: null },
  { id: 4, user_agent: 'Chrome', ip: '10.0.0.2', created_at: 1_700_000_000_000, last_seen_at: 1_700_000_100_000, expires_at: 1_800_000_000_000, current: false, step_up_until: null },
];

async function renderWith(flows: Partial<OperatorFlows>, view: 'layout' | 'security') {
  const i18n = await testTexts();
  render(
    inApp(
      i18n,
      // The layout's language and theme choice read the shell's app actor.
      inShell(
        <OperatorDesksContext.Provider value={[]}>
          <OperatorContext.Provider value={flows as OperatorFlows}>{view === 'layout' ? <OperatorLayout /> : <MySecurityDesk />}</OperatorContext.Provider>
        </OperatorDesksContext.Provider>,
      ),
    ),
  );
  await act(async () => undefined);
}

describe('operator sign-in views', () => {
  it('after the password of an operator without 2FA: the QR code and the secret, then the recovery codes once', async () => {
    const answer: OperatorSignInAnswer = { enrol: true, ticket: 't', expires_at: 1, secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/OpenEx:root?secret=JBSWY3DPEHPK3PXP', issuer: 'OpenEx operator', account: operator.account };
    const codes: string[] = [];
    const operatorSession = createActor(
      operatorSessionMachine.provide({
        actors: {
          login: fromPromise<OperatorSignInAnswer, { account: string; password: string }>(async () => answer),
          enrol: fromPromise<OperatorEnrolled, { ticket: string; code: string }>(async ({ input }) => {
            codes.push(input.code);
            return { token: 'op', operator, recovery_codes: ['AAAAA-BBBBB', 'CCCCC-DDDDD'] };
          }),
        },
      }),
      { input: {} },
    ).start();
    await renderWith({ operatorSession }, 'layout');
    operatorSession.send({ type: 'operator.login', fields: { account: operator.account, password: 'x' } });
    await act(async () => undefined);
    expect(screen.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
    expect(screen.getByTestId('operator-two-factor-secret').textContent).toBe('JBSWY3DPEHPK3PXP');
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on and sign in' }));
    expect(screen.getByText('Enter the 6-digit code (or a recovery code: XXXXX-XXXXX)')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on and sign in' }));
    await act(async () => undefined);
    expect(codes).toEqual(['123456']);
    expect(within(screen.getByRole('list', { name: 'Your recovery codes' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['AAAAA-BBBBB', 'CCCCC-DDDDD']);
    fireEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(operatorSession.getSnapshot().value).toBe('signedIn');
  });

  it('with 2FA on: asks the code (or a recovery code), and Back returns to the password', async () => {
    const login = fromPromise<OperatorSignInAnswer, { account: string; password: string }>(async () => ({ second_factor: true, challenge: 'c', expires_at: 1 }));
    const operatorSession = createActor(operatorSessionMachine.provide({ actors: { login } }), { input: {} }).start();
    await renderWith({ operatorSession }, 'layout');
    operatorSession.send({ type: 'operator.login', fields: { account: operator.account, password: 'x' } });
    await act(async () => undefined);
    expect(screen.getByLabelText('Code from the app, or a recovery code')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Operator login' })).toBeTruthy();
  });
});

describe('my security desk view', () => {
  it('lists my sessions (this one marked) and my sign-in history; ending another asks first', async () => {
    const calls: Array<[string, unknown]> = [];
    const api = {
      post: async <T,>(path: string, body?: object) => {
        calls.push([path, body]);
        if (path === OPERATOR_PATHS.mySessions) return sessions as T;
        if (path === OPERATOR_PATHS.mySignIns) return { list: [{ id: 3, at: 1_700_000_000_000, client: '10.0.0.9', kind: 'operator.sign_in', outcome: 'refused', detail: 'twoFactorWrong' }], total: 1, page: 1, size: 20 } as T;
        return { id: 4 } as T;
      },
      get: async <T,>() => undefined as T,
    };
    const actors = createMySecurityActors(api);
    const mySecurity = mySecurityMachine.provide({ actors });
    const ownPassword = ownPasswordMachine.provide({ actors: { changePassword: actors.changePassword } });
    const operatorSession = createActor(operatorSessionMachine, { input: { token: 'op', operator } }).start();
    await renderWith({ mySecurity, ownPassword, operatorSession }, 'security');
    const table = screen.getByRole('table', { name: 'My sessions' });
    const [, mine, other] = within(table).getAllByRole('row');
    expect(within(mine!).getByText('This session')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'My sign-in history' })).getByText('Wrong or reused code')).toBeTruthy();
    fireEvent.click(within(other!).getByRole('button', { name: 'Sign out' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Chrome at 10.0.0.2');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await act(async () => undefined);
    expect(calls).toContainEqual([OPERATOR_PATHS.mySessionRevoke, { id: 4 }]);

    // The own password: the current one, the new one twice and the code go together.
    const form = screen.getByRole('form', { name: 'My password' });
    fireEvent.change(within(form).getByLabelText('Current password'), { target: { value: 'Orchard-Beacon-Thimble-2026' } });
    fireEvent.change(within(form).getByLabelText('Your new password'), { target: { value: 'Velvet-Compass-Orchid-2027' } });
    fireEvent.change(within(form).getByLabelText('Repeat the new password'), { target: { value: 'Velvet-Compass-Orchid-2027' } });
    fireEvent.change(within(form).getByLabelText('Your 2FA code'), { target: { value: '123456' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(calls).toContainEqual([OPERATOR_PATHS.myPassword, { password: 'Orchard-Beacon-Thimble-2026', new_password: 'Velvet-Compass-Orchid-2027', code: '123456' }]), { timeout: 5000 });
  });
});
