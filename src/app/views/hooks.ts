import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { NoteType } from '../../domain/api';
import type { KlineInterval } from '../../domain/constants';
import type { ThemeName } from '../machines/app/app.types';
import * as app from '../machines/app/app.selectors';
import type { KlineActorRef } from '../../features/markets/machines/kline/kline.machine';
import * as klineSel from '../../features/markets/machines/kline/kline.selectors';
import type { LatestTradesActorRef } from '../../features/markets/machines/latestTrades/latestTrades.machine';
import * as tradesSel from '../../features/markets/machines/latestTrades/latestTrades.selectors';
import type { OrderBookActorRef } from '../../features/markets/machines/orderBook/orderBook.machine';
import * as bookSel from '../../features/markets/machines/orderBook/orderBook.selectors';
import type { WatchedPair } from '../../features/markets/machines/pairMarket/pairMarket.machine';
import * as market from '../../features/markets/machines/pairMarket/pairMarket.selectors';
import * as session from '../machines/session/session.selectors';
import * as connectionSel from '../machines/socketConnection/socketConnection.selectors';
import { useActors } from './ActorsContext';
import { useLiveActors } from '../../features/markets/LiveActorsContext';

/** Startup, language, pricing currency, theme and market data. */
export function useAppFlow() {
  const { app: actor } = useActors();
  const state = {
    shown: useSelector(actor, app.selectIsShown),
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
    () => ({ pricing, format: (usdt: string) => app.toFiat(usdt, usdtPrice, pricing.mark) ?? '—' }),
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

export function useNoteFlow() {
  const { note: actor } = useActors();
  const state = {
    open: useSelector(actor, (s) => s.matches('open')),
    loading: useSelector(actor, (s) => s.matches('loading')),
    note: useSelector(actor, (s) => s.context.note),
    hasAgree: useSelector(actor, (s) => s.context.type === 1 || s.context.type === 2),
  };
  const send = useMemo(
    () => ({
      openNote: (noteType: NoteType) => actor.send({ type: 'note.open', noteType }),
      close: () => actor.send({ type: 'note.close' }),
      agree: () => actor.send({ type: 'note.agree' }),
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
  const { connection } = useLiveActors();
  return {
    status: useSelector(connection, connectionSel.selectConnectionStatus),
    attempt: useSelector(connection, connectionSel.selectReconnectAttempt),
  };
}

/** The live market of the pair on screen: which children run, the interval and the index price. */
export function usePairMarket() {
  const { market: actor } = useLiveActors();
  const state = {
    watched: useSelector(actor, market.selectWatched),
    failed: useSelector(actor, market.selectMarketFailed),
    interval: useSelector(actor, market.selectMarketInterval),
    indexPrice: useSelector(actor, market.selectIndexPrice),
    bookRef: useSelector(actor, market.selectBookRef),
    tradesRef: useSelector(actor, market.selectTradesRef),
    klineRef: useSelector(actor, market.selectKlineRef),
  };
  const send = useMemo(
    () => ({
      watch: (pair: WatchedPair) => actor.send({ type: 'market.watch', ...pair }),
      leave: () => actor.send({ type: 'market.leave' }),
      setInterval: (interval: KlineInterval) => actor.send({ type: 'market.setInterval', interval }),
    }),
    [actor],
  );
  return { ...state, ...send };
}

export function useOrderBook(ref: OrderBookActorRef) {
  return {
    status: useSelector(ref, bookSel.selectBookStatus),
    book: useSelector(ref, bookSel.selectBook),
  };
}

export function useLatestTrades(ref: LatestTradesActorRef) {
  return {
    status: useSelector(ref, tradesSel.selectTradesStatus),
    trades: useSelector(ref, tradesSel.selectTrades),
  };
}

export function useKline(ref: KlineActorRef) {
  const state = {
    status: useSelector(ref, klineSel.selectKlineStatus),
    interval: useSelector(ref, klineSel.selectInterval),
    loadId: useSelector(ref, klineSel.selectLoadId),
    bars: useSelector(ref, klineSel.selectBars),
    more: useSelector(ref, klineSel.selectMore),
    liveBar: useSelector(ref, klineSel.selectLiveBar),
    olderPage: useSelector(ref, klineSel.selectOlderPage),
    error: useSelector(ref, klineSel.selectKlineError),
  };
  const send = useMemo(
    () => ({
      loadOlder: () => ref.send({ type: 'kline.loadOlder' }),
      retry: () => ref.send({ type: 'kline.retry' }),
    }),
    [ref],
  );
  return { ...state, ...send };
}

/** The trader's starred pairs, in their order. */
export function useFavourites() {
  const { favourites: actor } = useLiveActors();
  const pairs = useSelector(actor, (s) => s.context.pairs);
  const send = useMemo(
    () => ({
      toggle: (pair: string) => actor.send({ type: 'favourites.toggle', pair }),
      move: (pair: string, over: string) => actor.send({ type: 'favourites.move', pair, over }),
    }),
    [actor],
  );
  return { pairs, ...send };
}
