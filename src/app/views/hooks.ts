import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ThemeName } from '../machines/app/app.types';
import * as app from '../machines/app/app.selectors';
import * as session from '../machines/session/session.selectors';
import * as connectionSel from '../machines/socketConnection/socketConnection.selectors';
import { createFlowContext } from '../flowContext';
import type { ShellActors } from '../services';

/** The app shell's long-lived actors (src/app/services.ts); views only read and send. */
export const ShellContext = createFlowContext<ShellActors>('ShellActors');
const useActors = ShellContext.use;

/** Startup, language, pricing currency, theme and market data. */
export function useAppFlow() {
  const { app: actor } = useActors();
  const state = {
    shown: useSelector(actor, app.selectIsShown),
    started: useSelector(actor, app.selectIsStarted),
    bootFailure: useSelector(actor, app.selectBootFailure),
    language: useSelector(actor, app.selectLanguage),
    pricing: useSelector(actor, app.selectPricing),
    theme: useSelector(actor, app.selectTheme),
    config: useSelector(actor, app.selectConfig),
    currencies: useSelector(actor, app.selectCurrencies),
    pairs: useSelector(actor, app.selectPairs),
    tickers: useSelector(actor, app.selectTickers),
    usdtPrice: useSelector(actor, app.selectUsdtPrice),
    priceFailed: useSelector(actor, app.selectPriceFailed),
  };
  const send = useMemo(
    () => ({
      retry: () => actor.send({ type: 'app.retry' }),
      changeLanguage: (lang: string) => actor.send({ type: 'language.change', lang }),
      changePricing: (name: string) => actor.send({ type: 'pricing.change', name }),
      retryPrice: () => actor.send({ type: 'price.retry' }),
      changeTheme: (theme: ThemeName) => actor.send({ type: 'theme.change', theme }),
    }),
    [actor],
  );
  return { ...state, ...send };
}

/** Converts USDT amounts to the active pricing currency for display. */
export function useFiat() {
  const { app: actor } = useActors();
  const usdtPrice = useSelector(actor, app.selectUsdtPrice);
  const pricing = useSelector(actor, app.selectPricing);
  return useMemo(
    // ready: the pricing currency's USDT rate has loaded (before it, format answers "—").
    () => ({ pricing, ready: usdtPrice !== undefined, format: (usdt: string) => app.toFiat(usdt, usdtPrice, pricing) ?? '—' }),
    [usdtPrice, pricing],
  );
}

export function useSessionFlow() {
  const { session: actor } = useActors();
  const state = {
    hasSession: useSelector(actor, session.selectHasSession),
    user: useSelector(actor, session.selectUser),
    confirmingSignOut: useSelector(actor, session.selectConfirmingSignOut),
  };
  const send = useMemo(
    () => ({
      signOut: () => actor.send({ type: 'session.signOut' }),
      confirm: () => actor.send({ type: 'session.confirm' }),
      cancel: () => actor.send({ type: 'session.cancel' }),
      requireLogin: () => actor.send({ type: 'session.requireLogin' }),
    }),
    [actor],
  );
  return { ...state, ...send };
}

export function useToastFlow() {
  const { toasts: actor } = useActors();
  const current = useSelector(actor, (s) => s.context.current);
  const dismiss = useMemo(() => () => actor.send({ type: 'toast.dismiss' }), [actor]);
  return { current, dismiss };
}

/** The socket connection, for the connection indicator. */
export function useConnectionFlow() {
  const { connection } = useActors();
  return {
    status: useSelector(connection, connectionSel.selectConnectionStatus),
    attempt: useSelector(connection, connectionSel.selectReconnectAttempt),
  };
}

