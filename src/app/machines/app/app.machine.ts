import { assign, enqueueActions, fromCallback, setup, type ActorRefFrom, type EventObject } from 'xstate';
import { toBeProvided } from '../toBeProvided/toBeProvided';
import type { Currency, MarketTick, Pair, PairPrice, PlatConfig } from '../../../../domain/api';
import { spotTickChannel } from '../../../../domain/api';
import { APP_REVEAL_DELAY_MS } from '../../../../domain/constants';
import { messageForError, type ToastMessage } from '../../../../domain/errors';
import { DEFAULT_LANGUAGE, LANGUAGES, matchLanguage, type Language } from '../../../../domain/languages';
import {
  DEFAULT_PRICING_CURRENCY,
  PRICING_CURRENCIES,
  matchPricingCurrency,
  type PricingCurrency,
} from '../../../../domain/pricingCurrencies';
import type { AppContext, AppEvent, AppInput, ThemeName, TickChannels } from './app.types';

/** Seconds to wait before fetching the pricing-currency price again after a failure. */
export const PRICE_RETRY_MS = 10_000;

/**
 * The app's startup order (spec §4), one state per step: set language → load config → currency
 * list → pair list → start live subscriptions (if the market feature is on) → reveal after 500 ms
 * → load the USDT price in the active pricing currency. Every load can fail into its own state,
 * which toasts a translated message and waits for `app.retry`.
 */
/** The toast of a failed startup step (entered after the step's error event). */
const toastStepError = { type: 'showToast' as const, params: ({ event }: { event: EventObject }) => ({ tone: 'error' as const, message: messageForError(errorOf(event)) }) };

export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput,
  },
  actors: {
    applyLanguage: toBeProvided<void, { language: Language }>('applyLanguage'),
    fetchConfig: toBeProvided<PlatConfig>('fetchConfig'),
    fetchCurrencies: toBeProvided<Currency[]>('fetchCurrencies'),
    fetchPairs: toBeProvided<Pair[]>('fetchPairs'),
    fetchUsdtPrice: toBeProvided<PairPrice, { pricing: PricingCurrency }>('fetchUsdtPrice'),
    /** One per tick channel; reports `market.tick` events. */
    marketChannel: fromCallback<EventObject, { channel: string }>(() => () => undefined),
    /** The pair list's channel (issue 52 §1); reports `market.pairs` after every change to a market. */
    pairList: fromCallback<EventObject>(() => () => undefined),
  },
  actions: {
    showToast: (_, _params: { tone: 'info' | 'error' | 'success'; message: ToastMessage }) => undefined,
    persistLanguage: (_, _params: { language: Language }) => undefined,
    persistPricing: (_, _params: { pricing: PricingCurrency }) => undefined,
    persistTheme: (_, _params: { theme: ThemeName }) => undefined,
    /** The pair list's channel, then each listed market's tick (as a new list from nothing). */
    startLiveSubscriptions: enqueueActions(({ context, enqueue }) => {
      enqueue.spawnChild('pairList', { id: 'pairList' });
      followPairs(enqueue, context.tickChannels, [], context.pairs);
    }),
    /** A new pair list (a listing, a halt, a delisting): the new pairs' ticks are joined, the gone ones' left. */
    applyPairs: enqueueActions(({ context, enqueue }, params: { pairs: Pair[] }) => {
      followPairs(enqueue, context.tickChannels, context.pairs, params.pairs);
      enqueue.assign({ pairs: params.pairs });
    }),
    applyTick: assign(({ context }, params: { tick: MarketTick }) => {
      const { tick } = params;
      return {
        tickers: { ...context.tickers, [tick.channel]: tick },
        btcUsdt: tick.channel === spotTickChannel('BTC', 'USDT') ? tick.close : context.btcUsdt,
      };
    }),
  },
  guards: {
    marketFeatureOn: ({ context }) => context.marketFeature,
    isKnownLanguage: (_, params: { lang: string }) => LANGUAGES.some((l) => l.lang === params.lang),
    isKnownPricing: (_, params: { name: string }) => PRICING_CURRENCIES.some((c) => c.name === params.name),
  },
  delays: {
    appReveal: APP_REVEAL_DELAY_MS,
    priceRetry: PRICE_RETRY_MS,
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({
    language: matchLanguage(input.storedLanguage) ?? DEFAULT_LANGUAGE,
    pricing: matchPricingCurrency(input.storedPricing) ?? DEFAULT_PRICING_CURRENCY,
    theme: input.storedTheme === 'light' ? 'light' : 'dark',
    marketFeature: input.marketFeature,
    tickChannels: input.tickChannels ?? (() => []),
    config: undefined,
    currencies: [],
    pairs: [],
    usdtPrice: undefined,
    tickers: {},
    btcUsdt: undefined,
  }),
  initial: 'booting',
  states: {
    booting: {
      initial: 'settingLanguage',
      states: {
        settingLanguage: {
          invoke: {
            id: 'applyLanguage',
            src: 'applyLanguage',
            input: ({ context }) => ({ language: context.language }),
            onDone: 'loadingConfig',
            // Missing translations fall back to English; startup goes on.
            onError: 'loadingConfig',
          },
        },
        loadingConfig: {
          invoke: {
            id: 'fetchConfig',
            src: 'fetchConfig',
            onDone: { target: 'loadingCurrencies', actions: assign({ config: ({ event }) => event.output }) },
            onError: 'configFailed',
          },
        },
        configFailed: {
          entry: toastStepError,
          on: { 'app.retry': 'loadingConfig' },
        },
        loadingCurrencies: {
          invoke: {
            id: 'fetchCurrencies',
            src: 'fetchCurrencies',
            onDone: { target: 'loadingPairs', actions: assign({ currencies: ({ event }) => event.output }) },
            onError: 'currenciesFailed',
          },
        },
        currenciesFailed: {
          entry: toastStepError,
          on: { 'app.retry': 'loadingCurrencies' },
        },
        loadingPairs: {
          invoke: {
            id: 'fetchPairs',
            src: 'fetchPairs',
            onDone: { target: 'startingLive', actions: assign({ pairs: ({ event }) => event.output }) },
            onError: 'pairsFailed',
          },
        },
        pairsFailed: {
          entry: toastStepError,
          on: { 'app.retry': 'loadingPairs' },
        },
        startingLive: {
          always: [
            {
              guard: 'marketFeatureOn',
              target: '#app.running',
              actions: 'startLiveSubscriptions',
              description: 'Market feature on: one market actor per spot tick channel.',
            },
            { target: '#app.running', description: 'Market feature off: no live subscriptions.' },
          ],
        },
      },
    },
    running: {
      initial: 'revealing',
      on: {
        'market.tick': { actions: { type: 'applyTick', params: ({ event }) => ({ tick: event.tick }) } },
        // Only the live subscriptions (market feature on) hear the pair list's channel.
        'market.pairs': { guard: 'marketFeatureOn', actions: { type: 'applyPairs', params: ({ event }) => ({ pairs: event.pairs }) } },
        'theme.change': {
          actions: [
            assign({ theme: ({ event }) => (event.theme === 'light' ? 'light' : 'dark') }),
            { type: 'persistTheme', params: ({ context }) => ({ theme: context.theme }) },
          ],
        },
      },
      states: {
        revealing: {
          description: 'Spec §9: the app is shown 500 ms after the startup loads.',
          after: { appReveal: 'ready' },
        },
        ready: {
          type: 'parallel',
          on: {
            'pricing.change': {
              guard: { type: 'isKnownPricing', params: ({ event }) => ({ name: event.name }) },
              target: '.price.loading',
              reenter: true,
              actions: [
                // The old price must not be shown with the new currency's mark while the new one loads.
                assign({ pricing: ({ event }) => PRICING_CURRENCIES.find((c) => c.name === event.name)!, usdtPrice: undefined }),
                { type: 'persistPricing', params: ({ context }) => ({ pricing: context.pricing }) },
              ],
            },
          },
          states: {
            price: {
              initial: 'loading',
              states: {
                loading: {
                  invoke: {
                    id: 'fetchUsdtPrice',
                    src: 'fetchUsdtPrice',
                    input: ({ context }) => ({ pricing: context.pricing }),
                    onDone: { target: 'loaded', actions: assign({ usdtPrice: ({ event }) => event.output }) },
                    onError: 'failed',
                  },
                },
                loaded: {},
                failed: {
                  entry: [
                    assign({ usdtPrice: undefined }),
                    toastStepError,
                  ],
                  after: { priceRetry: 'loading' },
                  on: { 'price.retry': 'loading' },
                },
              },
            },
            language: {
              initial: 'idle',
              states: {
                idle: {
                  on: {
                    'language.change': {
                      guard: { type: 'isKnownLanguage', params: ({ event }) => ({ lang: event.lang }) },
                      target: 'applying',
                      actions: [
                        assign({ language: ({ event }) => LANGUAGES.find((l) => l.lang === event.lang)! }),
                        { type: 'persistLanguage', params: ({ context }) => ({ language: context.language }) },
                      ],
                    },
                  },
                },
                applying: {
                  invoke: {
                    id: 'applyLanguage',
                    src: 'applyLanguage',
                    input: ({ context }) => ({ language: context.language }),
                    onDone: 'idle',
                    onError: 'idle',
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});

/** Joins the ticks of the markets in `after` that `before` lacked, and leaves those `after` lacks. */
function followPairs(
  enqueue: { spawnChild: (src: 'marketChannel', options: { id: string; input: { channel: string } }) => unknown; stopChild: (id: string) => void },
  tickChannels: TickChannels,
  before: readonly Pair[],
  after: readonly Pair[],
): void {
  const had = new Set(tickChannels(before));
  const has = new Set(tickChannels(after));
  for (const channel of has) if (!had.has(channel)) enqueue.spawnChild('marketChannel', { id: `channel:${channel}`, input: { channel } });
  for (const channel of had) if (!has.has(channel)) enqueue.stopChild(`channel:${channel}`);
}

/** The error of an `xstate.error.actor.*` event, if that is what the entry was caused by. */
function errorOf(event: { type: string }): unknown {
  return (event as { error?: unknown }).error;
}

export type AppActorRef = ActorRefFrom<typeof appMachine>;
