// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { NotificationPage } from '../../../domain/informHelp';
import { appMachine } from '../machines/app/app.machine';
import { helpMachine } from '../../features/support/machines/help/help.machine';
import { helpArticleMachine } from '../../features/support/machines/help/helpArticle.machine';
import { informMachine } from '../../features/support/machines/inform/inform.machine';
import { noteMachine } from '../../features/support/machines/note/note.machine';
import { sessionMachine } from '../machines/session/session.machine';
import { USER_FIXTURE } from '../machines/session/session.model';
import { socketConnectionMachine } from '../machines/socketConnection/socketConnection.machine';
import { toastMachine } from '../machines/toast/toast.machine';
import { completeCatalogue, initI18n } from '../../services/i18n';
import { ShellContext } from '../views/hooks';
import { SupportContext } from '../../features/support/support.context';
import { darkTheme } from '../theme';
import { FEATURES } from '../../features';
import { Header } from './Header';
import { collectMenus, MenusContext } from './navigation';
import { SignOutDialog } from './SignOutDialog';

afterEach(cleanup);

// The bell's live part, the menus' content and the sign-out dialog are chunks of their own in the
// app (fetched when shown); loaded here first, so the tests wait only for React, not for the
// modules' transform.
beforeAll(async () => {
  await Promise.all([import('./LiveBell'), import('./HeaderMenus'), import('../ui/ConfirmDialog'), completeCatalogue(await initI18n('en_US'))]);
});

async function renderSignedIn(nameStatus: 1 | 2 | 3 | 4) {
  const i18n = await initI18n('en_US');
  await completeCatalogue(i18n);
  const user = { ...USER_FIXTURE, info: { name_status: nameStatus } };
  const navigations: string[] = [];
  const session = createActor(
    sessionMachine.provide({
      actors: { fetchUser: fromPromise(async () => user) },
      actions: { navigateToLogin: () => void navigations.push('/login') },
    }),
    { input: { token: 't', user } },
  ).start();
  await act(async () => undefined);
  const app = createActor(appMachine, { input: { marketFeature: false } }).start();
  const actors = { app, session, toasts: createActor(toastMachine).start(), connection: createActor(socketConnectionMachine).start() };
  const inform = createActor(
    informMachine.provide({ actors: { fetchNotifications: fromPromise(async (): Promise<NotificationPage> => ({ list: [], total: 3, unread: 3, page: 1, size: 20 })) } }),
  ).start();
  render(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={darkTheme}>
        <ShellContext.Provider value={actors}>
          <SupportContext.Provider value={{ inform, note: createActor(noteMachine).start(), help: helpMachine, helpArticle: helpArticleMachine }}>
            <MemoryRouter>
              <MenusContext.Provider value={collectMenus(FEATURES)}>
                <Header />
                <SignOutDialog />
              </MenusContext.Provider>
            </MemoryRouter>
          </SupportContext.Provider>
        </ShellContext.Provider>
      </ThemeProvider>
    </I18nextProvider>,
  );
  return { session, navigations, inform };
}

describe('header when signed in (spec §2)', () => {
  it('shows account, UID and an identity badge linking to /user/identity', async () => {
    await renderSignedIn(3);
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    expect(await screen.findByText('ada@example.org')).toBeTruthy();
    expect(screen.getByText('UID 10001')).toBeTruthy();
    const badge = screen.getByText('Verified');
    expect(badge.closest('a')?.getAttribute('href')).toBe('/user/identity');
  });

  it('shows the unread count on the bell, and forgets it after sign-out', async () => {
    const { session, inform } = await renderSignedIn(3);
    // The bell's live part arrives with the support hooks (a chunk of its own in the app).
    const bell = await screen.findByRole('link', { name: 'Notifications: 3 unread' });
    expect(bell.getAttribute('href')).toBe('/inform');
    expect(bell.textContent).toContain('3');
    act(() => session.send({ type: 'session.signOut' }));
    act(() => session.send({ type: 'session.confirm' }));
    expect(inform.getSnapshot().value).toBe('idle');
    expect(inform.getSnapshot().context.unread).toBe(0);
  });

  it('names each identity status', async () => {
    await renderSignedIn(4);
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    expect(await screen.findByText('Audit failed')).toBeTruthy();
  });

  it('asks before signing out, then clears the session and goes to /login', async () => {
    const { session, navigations } = await renderSignedIn(1);
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    // The dialog's code arrives on first use.
    expect((await screen.findByRole('dialog')).textContent).toContain('Do you want to sign out?');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(session.getSnapshot().value).toBe('signedIn');
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(session.getSnapshot().value).toBe('signedOut');
    expect(navigations).toEqual(['/login']);
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
  });
});
