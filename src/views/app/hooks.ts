import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { NoteType } from '../../domain/api';
import type { ThemeName } from '../../machines/app/app.types';
import * as app from '../../machines/app/app.selectors';
import * as session from '../../machines/session/session.selectors';
import { useActors } from './ActorsContext';

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
