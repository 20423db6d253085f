/**
 * What a view test needs around the view it renders, in one place instead of a copy per test:
 * the texts of a language (complete, not only the first screen's), the dark theme, and, where
 * asked, a router. And an operator or user API that answers the paths a test names and refuses
 * every other, recording each call with its body. Tests only: nothing in the app imports it.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import type { Currency, Pair, PairPrice, PlatConfig } from '../../../domain/api';
import type { ApiClient } from '../../services/api';
import { completeCatalogue, initI18n } from '../../services/i18n';
import { MenusContext, type Menus } from '../layout/navigation';
import { pagedListMachine } from '../machines/pagedList/pagedList.machine';
import { appMachine } from '../machines/app/app.machine';
import { sessionMachine } from '../machines/session/session.machine';
import { USER_FIXTURE } from '../machines/session/session.model';
import { darkTheme } from '../theme';
import { ShellContext } from '../views/hooks';
import type { FlowContext } from '../flowContext';

/** A form test types, validates and waits for a few answers: more than the default 5 s on a loaded machine. */
export const FORM_TEST_MS = 20_000;

export type TestI18n = Awaited<ReturnType<typeof initI18n>>;

/** The texts of `locale`, every catalogue loaded. */
export async function testTexts(locale: Parameters<typeof initI18n>[0] = 'en_US'): Promise<TestI18n> {
  const i18n = await initI18n(locale);
  await completeCatalogue(i18n);
  return i18n;
}

/**
 * The menus the route table gives the views (app/routes.tsx), as far as views read them: the
 * wallet's accounts (app/walletAccountList.ts), here the kernel's own spot account alone.
 */
const TEST_MENUS: Menus = { header: [], order: [], user: [], wallet: [{ to: '/wallet/spot', labelKey: 'menu.wallet.spot', place: 20, account: 'spot' }] };

/** `ui` inside the given texts, the dark theme and the menus (and a router at `route`, when one is given). */
export function inApp(i18n: TestI18n, ui: ReactNode, route?: string): ReactNode {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={darkTheme}>
        <MenusContext.Provider value={TEST_MENUS}>{route === undefined ? ui : <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>}</MenusContext.Provider>
      </ThemeProvider>
    </I18nextProvider>
  );
}

/**
 * `ui` under the shell's own actors as pages read them (ShellContext): the app's (no market
 * feature, so no socket; with `config`, the platform's config it loaded) and, with `session`, a
 * session signed in as USER_FIXTURE (`in`) or a visitor's (`out`).
 */
export function inShell(ui: ReactNode, options: { session?: 'in' | 'out'; config?: PlatConfig } = {}): ReactNode {
  // With `config`, the startup's config step answers it (the later steps, unprovided, stop there).
  const machine = options.config ? appMachine.provide({ actors: { fetchConfig: fromPromise(async () => options.config!) } }) : appMachine;
  const app = createActor(machine, { input: { marketFeature: false } }).start();
  const session =
    options.session &&
    createActor(sessionMachine.provide({ actors: { fetchUser: fromPromise(async () => USER_FIXTURE) } }), { input: options.session === 'in' ? { token: 'tok', user: USER_FIXTURE } : {} }).start();
  return <ShellContext.Provider value={{ app, ...(session ? { session } : {}) } as never}>{ui}</ShellContext.Provider>;
}

/**
 * The app's actor with its startup answered (no language to load, an empty config, `currencies`
 * and `pairs`), the pricing currency's price never (no page's own): what a page that reads the
 * shell's lists runs under. The caller waits for the lists it needs.
 */
export function startedApp(data: { currencies?: Currency[]; pairs?: Pair[] } = {}) {
  return createActor(
    appMachine.provide({
      actors: {
        applyLanguage: fromPromise(async (): Promise<void> => undefined),
        fetchConfig: fromPromise(async (): Promise<PlatConfig> => ({ communities: [], config: {} as PlatConfig['config'] })),
        fetchCurrencies: fromPromise(async (): Promise<Currency[]> => data.currencies ?? []),
        fetchPairs: fromPromise(async (): Promise<Pair[]> => data.pairs ?? []),
        fetchUsdtPrice: fromPromise((): Promise<PairPrice> => new Promise(() => undefined)),
      },
    }),
    { input: { marketFeature: false } },
  ).start();
}

/**
 * Renders `ui` in the app's frame and lets the first answers settle (the machines' first loads
 * against a fake API): the texts used are returned, for a test that switches language.
 */
export async function renderView(ui: ReactNode, options: { locale?: Parameters<typeof initI18n>[0]; route?: string } = {}): Promise<TestI18n> {
  const i18n = await testTexts(options.locale);
  render(inApp(i18n, ui, options.route));
  await act(async () => undefined);
  return i18n;
}

/** Renders `view` under its feature's flows (the feature's context given `flows`), as renderView does. */
export function renderWithFlows<T>(context: FlowContext<T>, flows: T, view: ReactNode, options: Parameters<typeof renderView>[1] = {}): Promise<TestI18n> {
  return renderView(<context.Provider value={flows}>{view}</context.Provider>, options);
}

/**
 * The frame of a test file whose views run under fake timers (a question's refusal still shown 3 s
 * later): the texts loaded and fake timers on before each test, the screen emptied and real timers
 * back after it. Answers `shown(ui)`, which renders `ui` in the app's frame.
 */
export function viewsOnFakeTimers(): (ui: ReactNode) => ReturnType<typeof render> {
  let i18n: TestI18n;
  beforeEach(async () => {
    i18n = await testTexts();
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });
  return (ui) => render(inApp(i18n, ui));
}

/** A recorded call of the fake API. */
export interface FakeCall {
  path: string;
  body: unknown;
}

/** An answer: a value, or a function of the body that answers or throws (a server's refusal). */
export type FakeAnswer = unknown | ((body: unknown) => unknown);

/**
 * An API that answers POSTs to the paths of `answers` and throws "unexpected <path>" for any other
 * (and for every GET), so a test sees a call it did not plan for. Answers may be async.
 */
export function fakeApi(answers: Record<string, FakeAnswer>): { api: ApiClient; calls: FakeCall[] } {
  const calls: FakeCall[] = [];
  const api: ApiClient = {
    post: async <T,>(path: string, body?: unknown) => {
      calls.push({ path, body });
      if (!(path in answers)) throw new Error(`unexpected ${path}`);
      const answer = answers[path];
      return (typeof answer === 'function' ? await (answer as (body: unknown) => unknown)(body) : answer) as T;
    },
    get: async (path: string) => {
      throw new Error(`unexpected GET ${path}`);
    },
  };
  return { api, calls };
}

/** A server's refusal as the API client throws it. */
export function refusal(serverMessage: string): never {
  throw { kind: 'server', serverMessage };
}

/**
 * An operator's 2FA dialog (`dialog`, its `submit` button sending a call to `path`), as the desks
 * that move money ask it: a code too short is refused in place and nothing is sent; a well-formed
 * one goes with the call (`body`), and the server's refusal ("Incorrect authentication code", as
 * the test's fake API answers) shows in the dialog, which stays open to try again.
 */
export async function expectCodeRefusedInDialog(calls: FakeCall[], asked: { dialog: string; submit: string; path: string; body: unknown }) {
  const dialog = screen.getByRole('dialog', { name: asked.dialog });
  const send = (code: string) => {
    fireEvent.change(within(dialog).getByLabelText('Your 2FA code'), { target: { value: code } });
    fireEvent.click(within(dialog).getByRole('button', { name: asked.submit }));
  };
  send('12');
  expect(await within(dialog).findByText('Enter the 6-digit code or a recovery code')).toBeTruthy();
  expect(calls.map((c) => c.path)).not.toContain(asked.path);
  send('123456');
  expect(await within(dialog).findByText('Incorrect authentication code', {}, { timeout: 5000 })).toBeTruthy();
  expect(calls.find((c) => c.path === asked.path)!.body).toEqual(asked.body);
  expect(screen.getByRole('dialog', { name: asked.dialog })).toBeTruthy();
}

/**
 * A desk's machine as its view test runs it: its list (a pagedList) reading pages with `loadPage`,
 * its other actors `actors`, and toasts dropped.
 */
export function withDeskList(machine: { provide: (implementations: never) => unknown }, loadPage: unknown, actors: Record<string, unknown>): unknown {
  const showToast = () => undefined;
  return machine.provide({ actors: { list: pagedListMachine.provide({ actors: { loadPage: loadPage as never }, actions: { showToast } }), ...actors }, actions: { showToast } } as never);
}

/**
 * Clicks the button `button` and answers the dialog `name` it opens, with `type(label, value)`
 * filling its field so labelled (the `at`th of them, where several are: one per network), and
 * `fill({ label: value })` several at once; `press(label)` clicks one of its buttons, `closed()`
 * waits for it to go.
 */
export function openDialog(button: string, name: string) {
  fireEvent.click(screen.getByRole('button', { name: button }));
  const dialog = screen.getByRole('dialog', { name });
  const type = (label: string, value: string, at?: number) =>
    fireEvent.change(at === undefined ? within(dialog).getByLabelText(label) : within(dialog).getAllByLabelText(label)[at]!, { target: { value } });
  /** Types each value in the field its key labels, in the order given. */
  const fill = (values: Record<string, string>) => Object.entries(values).forEach(([label, value]) => type(label, value));
  /** Clicks the dialog's button `label`. */
  const press = (label: string) => fireEvent.click(within(dialog).getByRole('button', { name: label }));
  /** Waits until the dialog has closed (its call went through). */
  const closed = () => waitFor(() => expect(screen.queryByRole('dialog', { name })).toBeNull(), { timeout: 5000 });
  /** Types the operator's 2FA code and clicks `label` to send the form with it. */
  const sendCode = (code: string, label: string) => {
    type('Your 2FA code', code);
    press(label);
  };
  return { dialog, type, fill, press, closed, sendCode };
}
