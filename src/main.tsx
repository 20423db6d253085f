/**
 * Composition root: builds the I/O services, supplies them to the machines with .provide(),
 * starts the long-lived actors and mounts the router. Nothing below this file imports a service.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter } from 'react-router-dom';
import { assign, createActor, fromPromise, type Observer, type InspectionEvent } from 'xstate';
import { createApiActors } from './app/actors/app.actors';
import { createUserCentreActors } from './features/accounts/actors/userCentre.actors';
import { profileMachine } from './features/accounts/machines/profile/profile.machine';
import { recordBookMachine } from './features/accounts/machines/recordBook/recordBook.machine';
import { securityChangeMachine } from './features/accounts/machines/securityChange/securityChange.machine';
import { avatarAsDataUrl } from './services/avatarFile';
import { copyText } from './services/clipboard';
import { UserCentreProvider, type UserCentreFlows } from './features/accounts/userCentre.hooks';
import { createInformHelpActors } from './features/support/actors/support.actors';
import { createCandleFeedActor } from './features/markets/actors/candleFeed.actor';
import { createDepthFeedActor } from './features/markets/actors/depthFeed.actor';
import { createIndexFeedActor } from './features/markets/actors/indexFeed.actor';
import { createKlineHistoryActor } from './features/markets/actors/markets.actors';
import { createMarketChannelActor } from './app/actors/marketChannel.actor';
import { createSocketStatusActor } from './app/actors/socketStatus.actor';
import { createTradesFeedActor } from './features/markets/actors/tradesFeed.actor';
import { MARKET_FEATURE_ENABLED } from './domain/constants';
import type { Language } from './domain/languages';
import { createLocalInspector, inspectModeFrom } from './inspection';
import { appMachine } from './app/machines/app/app.machine';
import { favouritesMachine } from './features/markets/machines/favourites/favourites.machine';
import { klineMachine } from './features/markets/machines/kline/kline.machine';
import { latestTradesMachine } from './features/markets/machines/latestTrades/latestTrades.machine';
import { orderBookMachine } from './features/markets/machines/orderBook/orderBook.machine';
import { pairMarketMachine } from './features/markets/machines/pairMarket/pairMarket.machine';
import { socketConnectionMachine } from './app/machines/socketConnection/socketConnection.machine';
import { noteMachine } from './features/support/machines/note/note.machine';
import { helpMachine } from './features/support/machines/help/help.machine';
import { helpArticleMachine } from './features/support/machines/help/helpArticle.machine';
import { informMachine } from './features/support/machines/inform/inform.machine';
import { sessionMachine, type SessionActorRef } from './app/machines/session/session.machine';
import { toastMachine, type ToastTone } from './app/machines/toast/toast.machine';
import type { ToastMessage } from './domain/errors';
import { createApiClient } from './services/api';
import { createBrowserFrameScheduler } from './services/frameScheduler';
import { initI18n } from './services/i18n';
import { createSocketClient } from './services/socket';
import { createStorage, memoryStore } from './services/storage';
import { loginMachine, type SessionGrant } from './features/accounts/machines/login/login.machine';
import { passwordResetMachine } from './features/accounts/machines/passwordReset/passwordReset.machine';
import { registrationMachine } from './features/accounts/machines/registration/registration.machine';
import { ActorsProvider } from './app/views/ActorsContext';
import { FlowsProvider, type Flows } from './features/accounts/FlowsContext';
import { InformHelpProvider, type InformHelp } from './features/support/support.hooks';
import { InspectorPanel } from './app/views/InspectorPanel';
import { LiveActorsProvider } from './features/markets/LiveActorsContext';
import { Root } from './app/views/Root';
import { routes } from './app/routes';
import { createIdentityActors, createOperatorActors } from './features/kyc/actors/kyc.actors';
import { identityMachine } from './features/kyc/machines/kyc/kyc.machine';
import { operatorReviewMachine } from './features/kyc/machines/kycReview/kycReview.machine';
import { operatorSessionMachine, type OperatorSessionActorRef } from './features/operator/machines/operatorSession/operatorSession.machine';
import { createOperatorStorage } from './services/operatorStorage';
import { KycProvider, type KycFlows } from './features/kyc/kyc.hooks';
import { createSpotActors } from './features/spot/actors/spot.actors';
import { createPrivateChannelActor, createUserStreamHub, createUserUpdatesActor } from './app/actors/userStream.actor';
import { orderFormMachine } from './features/spot/machines/orderForm/orderForm.machine';
import { selectHasSession } from './app/machines/session/session.selectors';
import { openOrdersMachine } from './features/spot/machines/orders/openOrders.machine';
import { orderDetailMachine } from './features/spot/machines/orders/orderDetail.machine';
import { orderHistoryMachine } from './features/spot/machines/orders/orderHistory.machine';
import { userStreamMachine } from './app/machines/userStream/userStream.machine';
import { TradingProvider, type TradingFlows } from './features/spot/spot.hooks';
import { createOperatorWalletActors, createWalletActors, createWalletSignals } from './features/wallet/actors/wallet.actors';
import { depositMachine } from './features/wallet/machines/deposit/deposit.machine';
import { operatorWithdrawalsMachine } from './features/wallet/machines/operatorWithdrawals/operatorWithdrawals.machine';
import { simulateDepositMachine } from './features/wallet/machines/operatorWithdrawals/simulateDeposit.machine';
import { transferKeyMinter, transferMachine } from './features/wallet/machines/transfer/transfer.machine';
import { walletBalancesMachine } from './features/wallet/machines/walletBalances/walletBalances.machine';
import { walletRecordsMachine } from './features/wallet/machines/walletRecords/walletRecords.machine';
import { withdrawalKeyMinter, withdrawalMachine } from './features/wallet/machines/withdrawal/withdrawal.machine';
import { WalletProvider, type WalletFlows } from './features/wallet/wallet.hooks';

function browserStore() {
  try {
    window.localStorage.setItem('__probe', '1');
    window.localStorage.removeItem('__probe');
    return window.localStorage;
  } catch {
    return memoryStore();
  }
}

async function main() {
  const storage = createStorage(browserStore());
  const i18n = await initI18n();
  const router = createBrowserRouter(routes);

  const mode = inspectModeFrom(window.location.search);
  const local = mode === 'local' ? createLocalInspector() : undefined;
  let inspect: Observer<InspectionEvent> | undefined = local?.observer;
  if (mode === 'stately') {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    inspect = createBrowserInspector().inspect;
  }
  if (local) (window as unknown as { __inspection: typeof local }).__inspection = local;

  const toasts = createActor(toastMachine, { id: 'toasts', systemId: 'toasts', inspect }).start();
  const showToast = (_: unknown, params: { tone: ToastTone; message: ToastMessage }) => toasts.send({ type: 'toast.show', ...params });

  // The API client reads the live token and language, and reports 403 to the session machine.
  let session: SessionActorRef | undefined;
  let currentLang = 'en_US';
  const api = createApiClient({
    getToken: () => session?.getSnapshot().context.token,
    getLang: () => currentLang,
    onForbidden: (message) => session?.send({ type: 'session.forbidden', message }),
  });
  const apiActors = createApiActors(api);
  const socket = createSocketClient({ getLang: () => currentLang });
  // Market data reaches the machines at most once per animation frame (one render per frame).
  const frames = createBrowserFrameScheduler(window);

  session = createActor(
    sessionMachine.provide({
      actors: { fetchUser: apiActors.fetchUser },
      actions: {
        persistSession: (_, { token, user }) => {
          storage.write('token', token);
          storage.write('userInfo', user);
        },
        clearStoredSession: () => {
          storage.remove('token');
          storage.remove('userInfo');
        },
        navigateToLogin: () => void router.navigate('/login'),
        revokeToken: (_, { token }) => {
          if (token) api.post('/api/logout', {}, undefined, token).catch(() => undefined);
        },
        showToast,
      },
    }),
    { id: 'session', systemId: 'session', input: { token: storage.read('token'), user: storage.read('userInfo') }, inspect },
  ).start();

  const note = createActor(noteMachine.provide({ actors: { fetchNote: apiActors.fetchNote }, actions: { showToast } }), { id: 'note', inspect }).start();

  const app = createActor(
    appMachine.provide({
      actors: {
        applyLanguage: fromPromise<void, { language: Language }>(async ({ input }) => {
          currentLang = input.language.lang;
          document.documentElement.lang = input.language.lang.replace('_', '-');
          await i18n.changeLanguage(input.language.lang);
        }),
        fetchConfig: apiActors.fetchConfig,
        fetchCurrencies: apiActors.fetchCurrencies,
        fetchPairs: apiActors.fetchPairs,
        fetchUsdtPrice: apiActors.fetchUsdtPrice,
        marketChannel: createMarketChannelActor(socket, frames),
      },
      actions: {
        showToast,
        persistLanguage: (_, { language }) => storage.write('language', language),
        persistPricing: (_, { pricing }) => storage.write('pricing', { name: pricing.name, mark: pricing.mark }),
        persistTheme: (_, { theme }) => storage.write('theme', theme),
      },
    }),
    {
      id: 'app',
      systemId: 'app',
      input: {
        storedLanguage: storage.read('language'),
        storedPricing: storage.read('pricing'),
        storedTheme: storage.read('theme'),
        marketFeature: MARKET_FEATURE_ENABLED,
      },
      inspect,
    },
  ).start();

  const connection = createActor(socketConnectionMachine.provide({ actors: { socketStatus: createSocketStatusActor(socket) } }), {
    id: 'socketConnection',
    systemId: 'socket',
    inspect,
  }).start();

  const market = createActor(
    pairMarketMachine.provide({
      actors: {
        orderBook: orderBookMachine.provide({ actors: { depthFeed: createDepthFeedActor(socket, frames) } }),
        latestTrades: latestTradesMachine.provide({ actors: { tradesFeed: createTradesFeedActor(socket, frames) } }),
        kline: klineMachine.provide({
          actors: { fetchKlineHistory: createKlineHistoryActor(api), candleFeed: createCandleFeedActor(socket, frames) },
        }),
        indexFeed: createIndexFeedActor(socket, frames),
      },
      actions: { showToast },
    }),
    { id: 'pairMarket', systemId: 'pairMarket', inspect },
  ).start();

  const favourites = createActor(
    favouritesMachine.provide({ actions: { persistFavourites: (_, { pairs }) => storage.write('favourites', pairs) } }),
    { id: 'favourites', systemId: 'favourites', input: { stored: storage.read('favourites') }, inspect },
  ).start();

  // Short-lived flows: each page (or layout route) starts its own actor from these.
  const signedIn = (_: unknown, grant: SessionGrant) => {
    session?.send({ type: 'session.signedIn', token: grant.token, user: grant.user_info });
    void router.navigate('/home');
  };
  const flows: Flows = {
    login: loginMachine.provide({ actors: { login: apiActors.login }, actions: { signedIn, showToast } }),
    registration: registrationMachine.provide({
      actors: { sendCode: apiActors.sendRegisterCode, checkCode: apiActors.checkRegisterCode, register: apiActors.register },
      actions: { signedIn, showToast, goToDetails: () => void router.navigate('/reg-next') },
    }),
    passwordReset: passwordResetMachine.provide({
      actors: { sendCode: apiActors.sendResetCode, reset: apiActors.resetPassword },
      actions: { showToast, goToNewPassword: () => void router.navigate('/set-pass'), goToLogin: () => void router.navigate('/login') },
    }),
  };

  // The user centre (/user): profile, security changes, withdrawal addresses, collection methods.
  const userActors = createUserCentreActors(api, avatarAsDataUrl);
  const refreshSession = () => session?.send({ type: 'session.refresh' });
  const userCentre: UserCentreFlows = {
    profile: profileMachine.provide({
      actors: {
        fetchAvatar: userActors.fetchAvatar,
        saveNickname: userActors.saveNickname,
        uploadAvatar: userActors.uploadAvatar,
        copyText: fromPromise<boolean, { text: string }>(({ input }) => copyText(input.text)),
      },
      actions: { showToast, refreshSession },
    }),
    securityChange: securityChangeMachine.provide({
      actors: { sendCode: userActors.sendSecurityCode, submitChange: userActors.submitSecurityChange },
      // The server already ended every session: clear ours and go to /login with "log in again".
      actions: { showToast, sessionEnded: () => session?.send({ type: 'session.forbidden', message: i18n.t('security.loginAgain') }) },
    }),
    addresses: recordBookMachine.provide({
      actors: { fetchRecords: userActors.fetchAddresses, saveRecord: userActors.saveAddress, deleteRecord: userActors.deleteAddress },
      actions: { showToast },
    }),
    collectionMethods: recordBookMachine.provide({
      actors: { fetchRecords: userActors.fetchMethods, saveRecord: userActors.saveMethod, deleteRecord: userActors.deleteMethod },
      actions: { showToast, saved: () => void router.navigate('/user/c-collAddr') },
    }),
  };

  // Notifications (header bell and /inform share one actor) and the help-centre flows.
  const informHelpActors = createInformHelpActors(api);
  const informHelp: InformHelp = {
    inform: createActor(
      informMachine.provide({
        actors: { fetchNotifications: informHelpActors.fetchNotifications, markRead: informHelpActors.markRead, markAllRead: informHelpActors.markAllRead },
        actions: { showToast },
      }),
      { id: 'inform', systemId: 'inform', inspect },
    ).start(),
    help: helpMachine.provide({ actors: { searchHelp: informHelpActors.searchHelp }, actions: { showToast } }),
    helpArticle: helpArticleMachine.provide({ actors: { fetchArticle: informHelpActors.fetchArticle }, actions: { showToast } }),
  };

  // Identity verification, and the operator interface with its own session, storage keys and API
  // client: an operator's 403 ends the operator session only, never the trader's.
  const operatorStore = createOperatorStorage(browserStore());
  let operatorSession: OperatorSessionActorRef | undefined;
  const operatorApi = createApiClient({
    getToken: () => operatorSession?.getSnapshot().context.token,
    getLang: () => currentLang,
    onForbidden: () => operatorSession?.send({ type: 'operator.forbidden' }),
  });
  const operatorActors = createOperatorActors(operatorApi, { getToken: () => operatorSession?.getSnapshot().context.token, getLang: () => currentLang });
  const identityActors = createIdentityActors(api);
  operatorSession = createActor(
    operatorSessionMachine.provide({
      actors: { login: operatorActors.login },
      actions: {
        persist: (_, grant) => operatorStore.write(grant.token, grant.operator),
        clearStored: () => operatorStore.clear(),
        revokeToken: (_, { token }) => {
          if (token) operatorApi.post('/api/operator/logout', {}, undefined, token).catch(() => undefined);
        },
        showToast,
      },
    }),
    { id: 'operatorSession', systemId: 'operatorSession', input: operatorStore.read(), inspect },
  ).start();
  const kycFlows: KycFlows = {
    identity: identityMachine.provide({
      actors: identityActors,
      actions: { showToast, refreshSession: () => session?.send({ type: 'session.refresh' }) },
    }),
    operatorReview: operatorReviewMachine.provide({
      actors: { fetchQueue: operatorActors.fetchQueue, fetchDetail: operatorActors.fetchDetail, approve: operatorActors.approve, reject: operatorActors.reject },
      actions: { showToast },
    }),
    operatorSession,
  };

  // Spot trading. The private user channel is joined while a session exists (the session's token
  // is forwarded on every change); its news reaches the order form and order lists through the
  // hub, and can reach the wallet's balances the same way (createBalanceUpdatesActor).
  const userStreamHub = createUserStreamHub();
  const tokenOf = (s: ReturnType<typeof session.getSnapshot>) => (selectHasSession(s) ? s.context.token : undefined);
  const userStream = createActor(
    userStreamMachine.provide({
      actors: { privateChannel: createPrivateChannelActor(socket) },
      actions: { forward: (_, { event }) => userStreamHub.publish(event) },
    }),
    { id: 'userStream', systemId: 'userStream', input: { token: tokenOf(session.getSnapshot()) }, inspect },
  ).start();
  session.subscribe((s) => userStream.send({ type: 'session.changed', token: tokenOf(s) }));
  const spotActors = createSpotActors(api);
  const userUpdates = createUserUpdatesActor(userStreamHub);
  const trading: TradingFlows = {
    orderForm: orderFormMachine.provide({
      actors: { fetchOrderAccount: spotActors.fetchOrderAccount, placeOrder: spotActors.placeOrder, userUpdates },
      actions: { showToast, mintIdempotencyKey: assign({ idempotencyKey: ({ context }) => context.idempotencyKey ?? crypto.randomUUID() }) },
    }),
    openOrders: openOrdersMachine.provide({ actors: { fetchCurrentOrders: spotActors.fetchCurrentOrders, cancelOrder: spotActors.cancelOrder, userUpdates }, actions: { showToast } }),
    orderHistory: orderHistoryMachine.provide({ actors: { fetchOrderHistory: spotActors.fetchOrderHistory, userUpdates }, actions: { showToast } }),
    orderDetail: orderDetailMachine.provide({ actors: { fetchOrderDetail: spotActors.fetchOrderDetail, userUpdates }, actions: { showToast } }),
  };

  // The wallet (/wallet and the operator's withdrawal desk). Balances and record lists on screen
  // hear the user's own changes (after a withdrawal, transfer or cancel) and the private channel's
  // pushed balance rows through the wallet signals; each submission gets its own idempotency key.
  const walletActors = createWalletActors(api);
  const operatorWalletActors = createOperatorWalletActors(operatorApi);
  const walletSignals = createWalletSignals();
  userStreamHub.onBalances(walletSignals.publishBalances);
  const records = (fetchPage: (typeof walletActors)['deposits']) =>
    walletRecordsMachine.provide({
      actors: { fetchPage, actOnRow: walletActors.cancelWithdrawal, walletSignals: walletSignals.actor },
      actions: { showToast, rowActed: walletSignals.walletChanged },
    });
  const wallet: WalletFlows = {
    balances: walletBalancesMachine.provide({ actors: { fetchWallet: walletActors.fetchWallet, walletSignals: walletSignals.actor }, actions: { showToast } }),
    deposit: depositMachine.provide({
      actors: { fetchNetworks: walletActors.fetchNetworks, fetchAddress: walletActors.fetchAddress, copyText: fromPromise<boolean, { text: string }>(({ input }) => copyText(input.text)) },
      actions: { showToast },
    }),
    withdrawal: withdrawalMachine.provide({
      actors: { fetchNetworks: walletActors.fetchNetworks, fetchQuota: walletActors.fetchQuota, fetchAddresses: userActors.fetchAddresses, submitWithdrawal: walletActors.submitWithdrawal },
      actions: { showToast, withdrawn: walletSignals.walletChanged, mintIdempotencyKey: withdrawalKeyMinter(() => crypto.randomUUID()) },
    }),
    transfer: transferMachine.provide({
      actors: { fetchAvailable: walletActors.fetchAvailable, submitTransfer: walletActors.submitTransfer },
      actions: { showToast, transferred: walletSignals.walletChanged, mintIdempotencyKey: transferKeyMinter(() => crypto.randomUUID()) },
    }),
    records: { deposits: records(walletActors.deposits), withdrawals: records(walletActors.withdrawals), transfers: records(walletActors.transfers), ledger: records(walletActors.ledger) },
    operatorWithdrawals: operatorWithdrawalsMachine.provide({
      actors: { fetchQueue: operatorWalletActors.fetchQueue, approveWithdrawal: operatorWalletActors.approveWithdrawal, failWithdrawal: operatorWalletActors.failWithdrawal },
      actions: { showToast },
    }),
    simulateDeposit: simulateDepositMachine.provide({ actors: { sendDeposit: operatorWalletActors.sendDeposit }, actions: { showToast } }),
    refreshWallet: walletSignals.walletChanged,
  };

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <ActorsProvider actors={{ app, session, toasts, note }}>
          <FlowsProvider flows={flows}>
          <UserCentreProvider value={userCentre}>
          <InformHelpProvider value={informHelp}>
          <KycProvider flows={kycFlows}>
          <TradingProvider flows={trading}>
          <WalletProvider flows={wallet}>
          <LiveActorsProvider actors={{ connection, market, favourites }}>
            <Root router={router} />
            {local && <InspectorPanel inspector={local} />}
          </LiveActorsProvider>
          </WalletProvider>
          </TradingProvider>
          </KycProvider>
          </InformHelpProvider>
          </UserCentreProvider>
          </FlowsProvider>
        </ActorsProvider>
      </I18nextProvider>
    </StrictMode>,
  );
}

void main();
