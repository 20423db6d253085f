/**
 * The shared services every product is supplied from: the I/O adapters (API clients, socket,
 * storage, i18n, frames) and the app shell's long-lived actors (toasts, session, app startup,
 * socket connection, the private user channel). Products never create these; they receive them
 * in their feature's `provide(services)`.
 */
import type { i18n as I18n } from 'i18next';
import { createActor, fromPromise, type AnyActorLogic, type ActorOptions, type InspectionEvent, type Observer } from 'xstate';
import { MARKET_FEATURE_ENABLED } from '../../domain/constants';
import type { ToastMessage } from '../../domain/errors';
import type { Language } from '../../domain/languages';
import { createApiClient, type ApiClient } from '../services/api';
import { createBrowserFrameScheduler, type FrameScheduler } from '../services/frameScheduler';
import { changeLanguage, initI18n } from '../services/i18n';
import { createSocketClient, type SocketClient } from '../services/socket';
import { takeStartupAnswer } from '../services/startupRequests';
import { createStorage, memoryStore, type AppStorage, type KeyValueStore } from '../services/storage';
import { rememberThemeForFirstPaint } from '../services/themeCookie';
import { USER_CHANNEL } from '../../domain/userChannel';

import { createAppActors } from './actors/app.actors';
import { createMarketChannelActor } from './actors/marketChannel.actor';
import { createPairListActor } from './actors/pairList.actor';
import { createSocketStatusActor } from './actors/socketStatus.actor';
import { createPrivateChannelActor, createUserStreamHub, type UserStreamHub } from './actors/userStream.actor';
import { appMachine, type AppActorRef } from './machines/app/app.machine';
import type { TickChannels } from './machines/app/app.types';
import { sessionMachine, type SessionActorRef } from './machines/session/session.machine';
import { selectHasSession } from './machines/session/session.selectors';
import { socketConnectionMachine, type SocketConnectionActorRef } from './machines/socketConnection/socketConnection.machine';
import { toastMachine, type ToastActorRef, type ToastTone } from './machines/toast/toast.machine';
import { userStreamMachine } from './machines/userStream/userStream.machine';

/**
 * Who the operator API client asks for the operator's token, and tells about a 403 (the operator
 * feature binds it): `data.permission` set is a refusal of what the operator's roles lack (they
 * stay signed in); without it the session has ended.
 */
export interface OperatorLink {
  getToken: () => string | undefined;
  onForbidden: (message: string | undefined, data: unknown) => void;
}

/** The long-lived actors of the app shell, read by the shell's hooks (app/views/hooks.ts). */
export interface ShellActors {
  app: AppActorRef;
  session: SessionActorRef;
  toasts: ToastActorRef;
  connection: SocketConnectionActorRef;
}

export interface Services {
  api: ApiClient;
  /** The operator's own client: its 403 ends the operator session, never the trader's. */
  operatorApi: ApiClient;
  bindOperator: (link: OperatorLink) => void;
  operatorToken: () => string | undefined;
  socket: SocketClient;
  frames: FrameScheduler;
  storage: AppStorage;
  /** The browser's key-value store (localStorage, or memory where it is refused). */
  store: KeyValueStore;
  i18n: I18n;
  lang: () => string;
  navigate: (to: string) => void;
  newKey: () => string;
  /** The machines' `showToast` action. */
  showToast: (_: unknown, params: { tone: ToastTone; message: ToastMessage }) => void;
  userStream: UserStreamHub;
  shell: ShellActors;
  /** Starts a long-lived actor under the inspector (when the dev flag is on). */
  start: <TLogic extends AnyActorLogic>(logic: TLogic, options: ActorOptions<TLogic> & { id: string }) => ReturnType<typeof createActor<TLogic>>;
}

function browserStore(): KeyValueStore {
  try {
    window.localStorage.setItem('__probe', '1');
    window.localStorage.removeItem('__probe');
    return window.localStorage;
  } catch {
    return memoryStore();
  }
}

export async function createServices(options: { navigate: (to: string) => void; inspect?: Observer<InspectionEvent>; tickChannels?: TickChannels }): Promise<Services> {
  const { navigate, inspect } = options;
  const store = browserStore();
  const storage = createStorage(store);
  // A theme chosen before the cookie existed: the next page load is written in it too.
  rememberThemeForFirstPaint(storage.read('theme'));
  const i18n = await initI18n();
  const start: Services['start'] = (logic, actorOptions) => createActor(logic, { systemId: actorOptions.id, ...actorOptions, inspect }).start();

  const toasts = start(toastMachine, { id: 'toasts' });
  const showToast: Services['showToast'] = (_, params) => toasts.send({ type: 'toast.show', ...params });

  // The API clients read the live token and language; a 403 goes to the session that owns the token.
  let session: SessionActorRef | undefined;
  let operator: OperatorLink = { getToken: () => undefined, onForbidden: () => undefined };
  let currentLang = 'en_US';
  const lang = () => currentLang;
  const api = createApiClient({
    // The startup's public reads may already be on their way (services/startupRequests.ts).
    fetch: (input, init) => takeStartupAnswer(String(input), init) ?? globalThis.fetch(input, init),
    getToken: () => session?.getSnapshot().context.token,
    getLang: lang,
    onForbidden: (message) => session?.send({ type: 'session.forbidden', message }),
  });
  const operatorApi = createApiClient({ getToken: () => operator.getToken(), getLang: lang, onForbidden: (message, data) => operator.onForbidden(message, data) });
  const socket = createSocketClient({
    getLang: lang,
    // A session signed out elsewhere (the sessions list, a password change) ends this page's at once:
    // the server refuses its private channel, and the session goes to /login as after a 403 (issue 35).
    // The page's own change (a new password, email or phone) ends every session too, and its answer
    // says so better ("Changed; please log in again"): the refusal waits a moment for it, and acts
    // only if the session is still signed in then.
    onRefused: (refusal) => {
      if (refusal.code !== 403 || refusal.channel !== USER_CHANNEL) return;
      session?.send({ type: 'session.channelRefused', ...(refusal.msg ? { message: refusal.msg } : {}) });
    },
  });
  // Market data reaches the machines at most once per animation frame (one render per frame).
  const frames = createBrowserFrameScheduler(window);
  const shellActors = createAppActors(api);

  session = start(
    sessionMachine.provide({
      actors: { fetchUser: shellActors.fetchUser },
      actions: {
        persistSession: (_, { token, user }) => {
          storage.write('token', token);
          storage.write('userInfo', user);
        },
        clearStoredSession: () => {
          storage.remove('token');
          storage.remove('userInfo');
        },
        navigateToLogin: () => navigate('/login'),
        revokeToken: (_, { token }) => {
          if (token) api.post('/api/logout', {}, undefined, token).catch(() => undefined);
        },
        showToast,
      },
    }),
    { id: 'session', input: { token: storage.read('token'), user: storage.read('userInfo') } },
  );

  const app = start(
    appMachine.provide({
      actors: {
        applyLanguage: fromPromise<void, { language: Language }>(async ({ input }) => {
          currentLang = input.language.lang;
          document.documentElement.lang = input.language.lang.replace('_', '-');
          await changeLanguage(i18n, input.language.lang);
        }),
        fetchConfig: shellActors.fetchConfig,
        fetchCurrencies: shellActors.fetchCurrencies,
        fetchPairs: shellActors.fetchPairs,
        fetchUsdtPrice: shellActors.fetchUsdtPrice,
        marketChannel: createMarketChannelActor(socket, frames),
        pairList: createPairListActor(socket),
      },
      actions: {
        showToast,
        persistLanguage: (_, { language }) => storage.write('language', language),
        persistPricing: (_, { pricing }) => storage.write('pricing', { name: pricing.name, mark: pricing.mark }),
        persistTheme: (_, { theme }) => {
          storage.write('theme', theme);
          rememberThemeForFirstPaint(theme);
        },
      },
    }),
    {
      id: 'app',
      input: { storedLanguage: storage.read('language'), storedPricing: storage.read('pricing'), storedTheme: storage.read('theme'), marketFeature: MARKET_FEATURE_ENABLED, tickChannels: options.tickChannels },
    },
  );

  const connection = start(socketConnectionMachine.provide({ actors: { socketStatus: createSocketStatusActor(socket) } }), { id: 'socketConnection', systemId: 'socket' });

  // The private user channel is joined while a session exists (its token is forwarded on every
  // change); its news reaches the products through the hub.
  const userStream = createUserStreamHub();
  const tokenOf = (s: ReturnType<SessionActorRef['getSnapshot']>) => (selectHasSession(s) ? s.context.token : undefined);
  const privateChannel = start(
    userStreamMachine.provide({
      actors: { privateChannel: createPrivateChannelActor(socket) },
      actions: { forward: (_, { event }) => userStream.publish(event) },
    }),
    { id: 'userStream', input: { token: tokenOf(session.getSnapshot()) } },
  );
  session.subscribe((s) => privateChannel.send({ type: 'session.changed', token: tokenOf(s) }));

  return {
    api,
    operatorApi,
    bindOperator: (link) => void (operator = link),
    operatorToken: () => operator.getToken(),
    socket,
    frames,
    storage,
    store,
    i18n,
    lang,
    navigate,
    newKey: () => crypto.randomUUID(),
    showToast,
    userStream,
    shell: { app, session, toasts, connection },
    start,
  };
}
