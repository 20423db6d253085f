// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { appMachine } from '../machines/app/app.machine';
import { sessionMachine } from '../machines/session/session.machine';
import { USER_FIXTURE } from '../machines/session/session.model';
import { socketConnectionMachine } from '../machines/socketConnection/socketConnection.machine';
import { toastMachine } from '../machines/toast/toast.machine';
import { inApp, testTexts } from '../testing/viewHarness';
import { ShellContext } from '../views/hooks';
import { FEATURES } from '../../features';
import { Header } from './Header';
import { collectMenus, MenusContext } from './navigation';
import { NoticesContext, type ShellNotices } from './notices.context';
import { SignOutDialog } from './SignOutDialog';

afterEach(cleanup);

/**
 * The shell's notices slot with a double in place of the product that fills it: 3 unread for
 * whoever asks; it records each user the bell asked for and each time the bell went.
 */
function noticesDouble() {
  const bell = { asked: [] as number[], gone: 0 };
  const notices: ShellNotices = {
    useBellCount: (userId) => {
      // effect: the double records the bell's lifetime as the slot's filler sees it (a test's stand-in).
      useEffect(() => {
        bell.asked.push(userId);
        return () => void (bell.gone += 1);
      }, [userId]);
      return 3;
    },
    useNotes: () => ({ open: false, loading: false, note: undefined, fallback: false, hasAgree: false, openNote: () => undefined, close: () => undefined, agree: () => undefined }),
    useNoteOnArrival: () => undefined,
  };
  return { notices, bell };
}

// The signed-in corner (bell and account menu), the bell's live part, the menus' content and the sign-out dialog are chunks of their own in the
// app (fetched when shown); loaded here first, so the tests wait only for React, not for the
// modules' transform.
beforeAll(async () => {
  await Promise.all([import('./SignedInCorner'), import('./LiveBell'), import('./HeaderMenus'), import('../ui/ConfirmDialog'), testTexts()]);
});

async function renderSignedIn(nameStatus: 1 | 2 | 3 | 4) {
  const i18n = await testTexts();
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
  const { notices, bell } = noticesDouble();
  render(
    inApp(
      i18n,
      <ShellContext.Provider value={actors}>
        <NoticesContext.Provider value={notices}>
          <MemoryRouter>
            <MenusContext.Provider value={collectMenus(FEATURES)}>
              <Header />
              <SignOutDialog />
            </MenusContext.Provider>
          </MemoryRouter>
        </NoticesContext.Provider>
      </ShellContext.Provider>,
    ),
  );
  return { session, navigations, bell };
}

describe('header when signed in (spec §2)', () => {
  it('shows account, UID and an identity badge linking to /user/identity', async () => {
    await renderSignedIn(3);
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Account' }, { timeout: 5000 }));
    expect(await screen.findByText('ada@example.org')).toBeTruthy();
    expect(screen.getByText('UID 10001')).toBeTruthy();
    const badge = screen.getByText('Verified');
    expect(badge.closest('a')?.getAttribute('href')).toBe('/user/identity');
  });

  it('shows the unread count on the bell, and forgets it after sign-out', async () => {
    const { session, bell: lifetime } = await renderSignedIn(3);
    // The bell's live part is a chunk of its own in the app; its count comes through the notices slot.
    const bell = await screen.findByRole('link', { name: 'Notifications: 3 unread' });
    expect(bell.getAttribute('href')).toBe('/inform');
    expect(bell.textContent).toContain('3');
    act(() => session.send({ type: 'session.signOut' }));
    act(() => session.send({ type: 'session.confirm' }));
    expect(screen.queryByRole('link', { name: 'Notifications: 3 unread' })).toBeNull();
    expect(lifetime).toEqual({ asked: [USER_FIXTURE.id], gone: 1 });
  });

  it('names each identity status', async () => {
    await renderSignedIn(4);
    fireEvent.click(await screen.findByRole('button', { name: 'Account' }, { timeout: 5000 }));
    expect(await screen.findByText('Audit failed')).toBeTruthy();
  });

  it('asks before signing out, then clears the session and goes to /login', async () => {
    const { session, navigations } = await renderSignedIn(1);
    fireEvent.click(await screen.findByRole('button', { name: 'Account' }, { timeout: 5000 }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    // The dialog's code arrives on first use.
    expect((await screen.findByRole('dialog')).textContent).toContain('Do you want to sign out?');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(session.getSnapshot().value).toBe('signedIn');
    fireEvent.click(await screen.findByRole('button', { name: 'Account' }, { timeout: 5000 }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(session.getSnapshot().value).toBe('signedOut');
    expect(navigations).toEqual(['/login']);
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
  });
});
