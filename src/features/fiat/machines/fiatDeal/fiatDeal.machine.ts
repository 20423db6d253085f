import { assign, setup, type ActorRefFrom } from 'xstate';
import type { AdSide, FiatAd, FiatAdsQuery, FiatCode, TakeBy } from '../../../../../domain/fiat';
import type { ToastMessage } from '../../../../../domain/errors';
import type { Page } from '../../../../../domain/wallet';
import { toastError } from '../../../../app/machines/toast/toastError';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';

export interface FiatDealContext {
  side: AdSide;
  by: TakeBy;
  crypto: string;
  fiat: FiatCode;
  value: string;
  page: number;
  size: number;
  ads: FiatAd[];
  total: number;
}

export type FiatDealEvent =
  | { type: 'deal.side'; side: AdSide }
  | { type: 'deal.by'; by: TakeBy }
  | { type: 'deal.crypto'; crypto: string }
  | { type: 'deal.fiat'; fiat: FiatCode }
  | { type: 'deal.value'; value: string }
  | { type: 'deal.page'; page: number }
  | { type: 'deal.retry' };

/**
 * /deal (spec §2): buy or sell, by amount or by quantity, fiat currency and crypto, and the ads
 * that can take it, best price first (cheapest sell ads when buying, best bids when selling). The
 * entered value filters nothing on the server; the view marks ads whose limits it fits. A `poll`
 * keeps margin prices current.
 */
export const fiatDealMachine = setup({
  types: { context: {} as FiatDealContext, events: {} as FiatDealEvent, input: {} as { side?: AdSide; crypto?: string; fiat: FiatCode } },
  actors: {
    fetchAds: toBeProvided<Page<FiatAd>, FiatAdsQuery>('fetchAds'),
  },
  actions: { showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined },
  delays: { poll: 15_000 },
}).createMachine({
  id: 'fiatDeal',
  context: ({ input }) => ({ side: input.side ?? 'buy', by: 'amount', crypto: input.crypto ?? 'USDT', fiat: input.fiat, value: '', page: 1, size: 10, ads: [], total: 0 }),
  initial: 'loading',
  on: {
    'deal.side': { target: '.loading', actions: assign({ side: ({ event }) => event.side, page: 1 }) },
    'deal.crypto': { target: '.loading', actions: assign({ crypto: ({ event }) => event.crypto, page: 1 }) },
    'deal.fiat': { target: '.loading', actions: assign({ fiat: ({ event }) => event.fiat, page: 1 }) },
    'deal.page': { target: '.loading', actions: assign({ page: ({ event }) => Math.max(1, event.page) }) },
    'deal.by': { actions: assign({ by: ({ event }) => event.by, value: '' }) },
    'deal.value': { actions: assign({ value: ({ event }) => event.value.trim().slice(0, 30) }) },
  },
  states: {
    loading: {
      invoke: {
        id: 'fetchAds',
        src: 'fetchAds',
        input: ({ context }) => ({ side: context.side, crypto: context.crypto, fiat: context.fiat, page: context.page, size: context.size }),
        onDone: { target: 'ready', actions: assign({ ads: ({ event }) => event.output.list, total: ({ event }) => event.output.total }) },
        onError: { target: 'failed', actions: toastError },
      },
    },
    failed: { on: { 'deal.retry': 'loading' } },
    ready: { after: { poll: 'loading' } },
  },
});

export type FiatDealActorRef = ActorRefFrom<typeof fiatDealMachine>;
