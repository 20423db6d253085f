// @vitest-environment jsdom
/**
 * /user/c-set's "Email notifications" in English and German, through the accounts product's own
 * flows (accounts.flows.ts) over a stand-in server: the setting read and shown as a switch named by
 * its label and described by what it covers; a press sends `{ trading_emails: false }`, shows the
 * value while it is saved and the success toast once it is; a refusal puts the switch back on the
 * saved value and says why under it; a failed read says so, and Retry reads it again.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { NOTICE_SETTINGS_PATHS, type NoticeSettings } from '../../../../../domain/informHelp';
import { toastMachine } from '../../../../app/machines/toast/toast.machine';
import { sessionMachine } from '../../../../app/machines/session/session.machine';
import { USER_FIXTURE } from '../../../../app/machines/session/session.model';
import type { Services } from '../../../../app/services';
import { fakeApi, FORM_TEST_MS, refusal, renderWithFlows, startedApp, type FakeAnswer } from '../../../../app/testing/viewHarness';
import { ShellContext } from '../../../../app/views/hooks';
import { Toaster } from '../../../../app/views/Toaster';
import { AccountsContext } from '../../accounts.context';
import { provide } from '../../accounts.flows';
import { GeneralSettingsPage } from './GeneralSettingsPage';

afterEach(cleanup);

const MEMORY_STORE = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };

/** The page signed in as USER_FIXTURE, its flows the product's own over a server answering `answers`, the shell's toasts shown. */
async function renderPage(locale: 'en_US' | 'de_DE', answers: Record<string, FakeAnswer>) {
  const { api, calls } = fakeApi({ '/api/user/avatar_image': { data_url: '' }, ...answers });
  const toasts = createActor(toastMachine).start();
  const session = createActor(sessionMachine.provide({ actors: { fetchUser: fromPromise(async () => USER_FIXTURE) } }), { input: { token: 'tok', user: USER_FIXTURE } }).start();
  const services = {
    api,
    operatorApi: api,
    store: MEMORY_STORE,
    navigate: () => undefined,
    showToast: (_: unknown, params: Parameters<Services['showToast']>[1]) => toasts.send({ type: 'toast.show', ...params }),
    shell: { session },
  } as unknown as Services;
  const i18n = await renderWithFlows(
    AccountsContext,
    provide(services),
    <ShellContext.Provider value={{ app: startedApp(), session, toasts } as never}>
      <GeneralSettingsPage />
      <Toaster />
    </ShellContext.Provider>,
    { locale, route: '/user/c-set' },
  );
  const sent = () => calls.filter((c) => c.path === NOTICE_SETTINGS_PATHS.set).map((c) => c.body);
  return { i18n, calls, sent };
}

/** The switch, found by its accessible name (the label), and whether it is on. */
const theSwitch = (name: string) => screen.getByRole('switch', { name }) as HTMLInputElement;

/** The label in each language tested (the German one read from its own catalogue, not English's fallback). */
const LABELS = { en_US: 'Email me trading alerts', de_DE: 'Handelsalarme per E-Mail erhalten' };
const REFUSALS = { en_US: 'Too many changes; try again in a minute', de_DE: 'Zu viele Änderungen; versuchen Sie es in einer Minute erneut' };

describe('/user/c-set: email notifications', () => {
  it.each(['en_US', 'de_DE'] as const)('in %s: reads the setting, saves a change with a toast, and keeps the saved value when a change is refused', { timeout: FORM_TEST_MS }, async (locale) => {
    let saved: NoticeSettings = { trading_emails: true };
    let refuseNext = false;
    // The save waits for the test, so the switch can be seen while it is saved.
    let answer: () => void = () => undefined;
    const { i18n, calls, sent } = await renderPage(locale, {
      [NOTICE_SETTINGS_PATHS.get]: () => structuredClone(saved),
      [NOTICE_SETTINGS_PATHS.set]: (body: unknown) =>
        new Promise((resolve, reject) => {
          answer = () => {
            if (refuseNext) {
              try {
                refusal(REFUSALS[locale]);
              } catch (error) {
                reject(error);
              }
              return;
            }
            saved = { trading_emails: (body as NoticeSettings).trading_emails };
            resolve(structuredClone(saved));
          };
        }),
    });
    const label = i18n.t('noticeSettings.tradingEmails');
    expect(label).toBe(LABELS[locale]);
    expect(screen.getByRole('heading', { name: i18n.t('noticeSettings.title') })).toBeTruthy();
    await waitFor(() => expect(theSwitch(label).checked).toBe(true));
    expect(calls.filter((c) => c.path === NOTICE_SETTINGS_PATHS.get).map((c) => c.body)).toEqual([{}]);
    // Described by what it covers.
    const hint = document.getElementById(theSwitch(label).getAttribute('aria-describedby')!)!;
    expect(hint.textContent).toBe(i18n.t('noticeSettings.tradingEmailsHint'));

    // Off: shown at once while it is saved, a second press not heard, then the success toast.
    fireEvent.click(theSwitch(label));
    await waitFor(() => expect(sent()).toEqual([{ trading_emails: false }]));
    expect(theSwitch(label).checked).toBe(false);
    expect(theSwitch(label).getAttribute('aria-busy')).toBe('true');
    fireEvent.click(theSwitch(label));
    expect(theSwitch(label).checked).toBe(false);
    await act(async () => answer());
    expect(await screen.findByText(i18n.t('noticeSettings.saved'))).toBeTruthy();
    expect(theSwitch(label).checked).toBe(false);
    expect(theSwitch(label).getAttribute('aria-busy')).toBe('false');
    expect(sent()).toEqual([{ trading_emails: false }]);

    // On again, refused: back on the saved value (off), the server's reason under the switch.
    refuseNext = true;
    fireEvent.click(theSwitch(label));
    await waitFor(() => expect(sent()).toEqual([{ trading_emails: false }, { trading_emails: true }]));
    expect(theSwitch(label).checked).toBe(true);
    await act(async () => answer());
    expect((await screen.findByRole('alert')).textContent).toBe(REFUSALS[locale]);
    expect(theSwitch(label).checked).toBe(false);
    expect(saved).toEqual({ trading_emails: false });

    // The next press clears the reason.
    refuseNext = false;
    fireEvent.click(theSwitch(label));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await act(async () => answer());
    await waitFor(() => expect(theSwitch(label).checked).toBe(true));
    expect(saved).toEqual({ trading_emails: true });
  });

  it('says when the setting could not be read, and Retry reads it again', async () => {
    let fail = true;
    const { i18n } = await renderPage('en_US', {
      [NOTICE_SETTINGS_PATHS.get]: (): NoticeSettings => {
        if (fail) throw { kind: 'network' };
        return { trading_emails: false };
      },
    });
    const line = await screen.findByText(i18n.t('noticeSettings.loadFailed'), { exact: false });
    expect(screen.queryByRole('switch')).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: i18n.t('common.retry') }));
    await waitFor(() => expect(theSwitch(LABELS.en_US).checked).toBe(false));
    expect(line.isConnected).toBe(false);
  });
});
