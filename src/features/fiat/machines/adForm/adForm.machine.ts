import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { publishProblem, type AdSide, type AdStatus, type FiatAd, type FiatCode, type FiatMethod, type FiatMyAdsPage, type FiatPublishRequest, type FiatStanding, type PriceKind } from '../../../../../domain/fiat';
import type { ToastMessage } from '../../../../../domain/errors';
import { toastError } from '../../../../app/machines/toast/toastError';

/** One page of the user's ads (with their frozen funds and the total frozen), their methods, and their P2P standing. */
export interface MyAdsData {
  ads: FiatMyAdsPage;
  methods: FiatMethod[];
  standing: FiatStanding;
}

/** Ads per page of /deal/my-ads. */
export const MY_ADS_PAGE_SIZE = 10;

export interface PublishInput {
  request: FiatPublishRequest;
  idempotencyKey: string | undefined;
}

export type AdField = 'side' | 'crypto' | 'fiat' | 'price_kind' | 'fixed_price' | 'margin' | 'total' | 'min_amount' | 'max_amount' | 'terms';

export interface AdFormContext {
  form: { side: AdSide; crypto: string; fiat: FiatCode; price_kind: PriceKind; fixed_price: string; margin: string; total: string; min_amount: string; max_amount: string; terms: string };
  methodIds: number[];
  data: MyAdsData | undefined;
  /** The page of the user's ads on screen (1-based). */
  page: number;
  idempotencyKey: string | undefined;
  change: { adId: number; status: AdStatus } | undefined;
}

export type AdFormEvent =
  | { type: 'ad.field'; field: AdField; value: string }
  | { type: 'ad.method'; methodId: number; on: boolean }
  | { type: 'ad.submit' }
  | { type: 'ad.confirm' }
  | { type: 'ad.back' }
  | { type: 'ad.status'; adId: number; status: AdStatus }
  | { type: 'ad.page'; page: number }
  | { type: 'ad.retry' };

/** The request the form makes (only the price field of its kind). */
export function requestOf(c: Pick<AdFormContext, 'form' | 'methodIds'>): FiatPublishRequest {
  const { fixed_price, margin, ...rest } = c.form;
  return { ...rest, ...(c.form.price_kind === 'fixed' ? { fixed_price } : { margin }), method_ids: c.methodIds } as FiatPublishRequest;
}

/**
 * Publishing and managing one's own ads (/deal/my-ads): the ad form checked with the rules the
 * server applies (`publishProblem`), a confirmation (a sell ad freezes its total), publishing with
 * an idempotency key kept across a retry; the user's ads with pause, resume and close behind a
 * confirmation (closing returns what no order holds).
 */
export const adFormMachine = setup({
  types: { context: {} as AdFormContext, events: {} as AdFormEvent, input: {} as { fiat: FiatCode } },
  actors: {
    loadMine: fromPromise<MyAdsData, { page: number; size: number }>(async () => {
      throw new Error('loadMine not provided');
    }),
    publishAd: fromPromise<FiatAd, PublishInput>(async () => {
      throw new Error('publishAd not provided');
    }),
    changeStatus: fromPromise<FiatAd, { adId: number; status: AdStatus }>(async () => {
      throw new Error('changeStatus not provided');
    }),
  },
  actions: {
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
    mintIdempotencyKey: assign({ idempotencyKey: ({ context }) => context.idempotencyKey ?? 'local-key-ad' }),
    forgetKey: assign({ idempotencyKey: undefined }),
  },
  guards: { valid: ({ context }) => publishProblem(requestOf(context)) === undefined },
}).createMachine({
  id: 'adForm',
  context: ({ input }) => ({
    form: { side: 'sell', crypto: 'USDT', fiat: input.fiat, price_kind: 'fixed', fixed_price: '', margin: '0', total: '', min_amount: '', max_amount: '', terms: '' },
    methodIds: [],
    data: undefined,
    page: 1,
    idempotencyKey: undefined,
    change: undefined,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadMine',
        src: 'loadMine',
        input: ({ context }) => ({ page: context.page, size: MY_ADS_PAGE_SIZE }),
        onDone: { target: 'editing', actions: assign({ data: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: toastError },
      },
    },
    failed: { on: { 'ad.retry': 'loading', 'ad.page': { target: 'loading', actions: assign({ page: ({ event }) => Math.max(1, event.page) }) } } },
    editing: {
      on: {
        'ad.field': { actions: ['forgetKey', assign({ form: ({ context, event }) => ({ ...context.form, [event.field]: event.field === 'terms' ? event.value.slice(0, 500) : event.value.trim() }) })] },
        'ad.method': {
          actions: ['forgetKey', assign({ methodIds: ({ context, event }) => (event.on ? [...new Set([...context.methodIds, event.methodId])] : context.methodIds.filter((id) => id !== event.methodId)) })],
        },
        'ad.submit': { guard: 'valid', target: 'confirming' },
        'ad.status': { target: 'confirmingStatus', actions: assign({ change: ({ event }) => ({ adId: event.adId, status: event.status }) }) },
        'ad.page': { target: 'loading', actions: assign({ page: ({ event }) => Math.max(1, event.page) }) },
      },
    },
    confirming: { on: { 'ad.confirm': { target: 'publishing', actions: 'mintIdempotencyKey' }, 'ad.back': 'editing' } },
    publishing: {
      invoke: {
        id: 'publishAd',
        src: 'publishAd',
        input: ({ context }) => ({ request: requestOf(context), idempotencyKey: context.idempotencyKey }),
        onDone: {
          target: 'loading',
          actions: [
            'forgetKey',
            { type: 'showToast', params: { tone: 'success', message: { key: 'fiat.ads.published' } } },
            // The published ad's figures leave the form, so a second press cannot publish it again
            // (issue 37 §19); the choices (side, coin, currency, price kind, methods) stay.
            assign({ form: ({ context }) => ({ ...context.form, fixed_price: '', margin: '0', total: '', min_amount: '', max_amount: '', terms: '' }) }),
          ],
        },
        onError: { target: 'editing', actions: toastError },
      },
    },
    confirmingStatus: { on: { 'ad.confirm': 'changingStatus', 'ad.back': { target: 'editing', actions: assign({ change: undefined }) } } },
    changingStatus: {
      invoke: {
        id: 'changeStatus',
        src: 'changeStatus',
        input: ({ context }) => context.change!,
        onDone: { target: 'loading', actions: assign({ change: undefined }) },
        onError: { target: 'editing', actions: [assign({ change: undefined }), toastError] },
      },
    },
  },
});

export const adFormKeyMinter = (mint: () => string) => assign<AdFormContext, AdFormEvent, unknown, AdFormEvent, never>({ idempotencyKey: ({ context }) => context.idempotencyKey ?? mint() });

export type AdFormActorRef = ActorRefFrom<typeof adFormMachine>;
