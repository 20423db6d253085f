import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { Pair } from '../../../domain/api';
import { quoteUsdtPrice } from '../../../domain/marketFigures';
import type { ThemeName } from '../machines/app/app.types';
import * as app from '../machines/app/app.selectors';
import * as session from '../machines/session/session.selectors';
import * as connectionSel from '../machines/socketConnection/socketConnection.selectors';
import { createFlowContext } from '../flowContext';
import { useActorFlow, signals } from './actorFlow';
import type { ShellActors } from '../services';

/** The app shell's long-lived actors (src/app/services.ts); views only read and send. */
export const ShellContext = createFlowContext<ShellActors>('ShellActors');
const useActors = ShellContext.use;

/** Startup, language, pricing currency, theme and market data. */
export function useAppFlow() {
  return useActorFlow(
    useActors().app,
    {
      shown: app.selectIsShown,
      started: app.selectIsStarted,
      bootFailure: app.selectBootFailure,
      language: app.selectLanguage,
      pricing: app.selectPricing,
      theme: app.selectTheme,
      config: app.selectConfig,
      currencies: app.selectCurrencies,
      pairs: app.selectPairs,
      usdtPrice: app.selectUsdtPrice,
      priceFailed: app.selectPriceFailed,
    },
    {
      retry: () => ({ type: 'app.retry' }),
      changeLanguage: (lang: string) => ({ type: 'language.change', lang }),
      changePricing: (name: string) => ({ type: 'pricing.change', name }),
      retryPrice: () => ({ type: 'price.retry' }),
      changeTheme: (theme: ThemeName) => ({ type: 'theme.change', theme }),
    },
  );
}

/**
 * Every pair's latest 24-hour summary, for lists of markets. Not in useAppFlow: the tickers change
 * at every tick of every pair, and each of its 29 readers (the root above the router among them)
 * re-rendered with them, the whole page on every frame a tick arrived in.
 */
export function useTickers() {
  return useSelector(useActors().app, app.selectTickers);
}

/** One tick channel's latest summary: re-renders when that pair ticks, not when others do. */
export function useTicker(channel: string) {
  return useSelector(useActors().app, (snapshot) => app.selectTickers(snapshot)[channel]);
}

/**
 * What one unit of `pair`'s quote currency is worth in USDT (its pair's live close, else the
 * currency list's price): a string, so its reader re-renders when that price changes, not at every
 * tick of every pair as a reader of useTickers does.
 */
export function useQuoteUsdtPrice(pair: Pair): string | undefined {
  return useSelector(useActors().app, (snapshot) => quoteUsdtPrice(pair, app.selectCurrencies(snapshot), app.selectTickers(snapshot)));
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
  return useActorFlow(
    useActors().session,
    { hasSession: session.selectHasSession, user: session.selectUser, confirmingSignOut: session.selectConfirmingSignOut },
    signals('session', ['signOut', 'confirm', 'cancel', 'requireLogin']),
  );
}

export function useToastFlow() {
  return useActorFlow(useActors().toasts, { current: (s) => s.context.current }, signals('toast', ['dismiss']));
}

/** The socket connection, for the connection indicator. */
export function useConnectionFlow() {
  return useActorFlow(useActors().connection, { status: connectionSel.selectConnectionStatus, attempt: connectionSel.selectReconnectAttempt }, {});
}
