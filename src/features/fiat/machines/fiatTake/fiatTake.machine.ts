import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { compareDecimal } from '../../../../../domain/decimal';
import { CRYPTO_PLACES, FIAT_PLACES, isAmount, orderFigures, type FiatAd, type FiatMethod, type FiatOrder, type FiatTakeRequest, type TakeBy } from '../../../../../domain/fiat';
import type { ToastMessage } from '../../../../../domain/errors';
import { toastError } from '../../../../app/machines/toast/toastError';

export interface TakeData {
  ad: FiatAd;
  /** The user's own collection methods (a seller picks the one the buyer pays to). */
  methods: FiatMethod[];
}

export interface TakeInput {
  request: FiatTakeRequest;
  idempotencyKey: string | undefined;
}

export interface FiatTakeContext {
  adId: number;
  by: TakeBy;
  value: string;
  data: TakeData | undefined;
  methodId: number | undefined;
  idempotencyKey: string | undefined;
  order: FiatOrder | undefined;
}

export type FiatTakeEvent =
  | { type: 'take.by'; by: TakeBy }
  | { type: 'take.value'; value: string }
  | { type: 'take.method'; methodId: number }
  | { type: 'take.submit' }
  | { type: 'take.confirm' }
  | { type: 'take.back' }
  | { type: 'take.retry' };

/** Why the entered value cannot be taken (a catalogue key), or undefined when it can. */
export function takeProblem(c: Pick<FiatTakeContext, 'by' | 'value' | 'data' | 'methodId'>): string | undefined {
  if (!c.data) return 'fiat.loading';
  const entered = c.value.trim().length > 0;
  if (!isAmount(c.value, c.by === 'amount' ? FIAT_PLACES : CRYPTO_PLACES)) return entered ? 'fiat.valueInvalid' : 'fiat.valueRequired';
  const { amount, quantity } = orderFigures(c.by, c.value, c.data.ad.price);
  if (compareDecimal(quantity, '0') <= 0 || compareDecimal(amount, c.data.ad.min_amount) < 0) return 'fiat.belowMin';
  if (compareDecimal(amount, c.data.ad.max_amount) > 0) return 'fiat.aboveMax';
  if (c.data.ad.side === 'buy' && c.methodId === undefined) return 'fiat.methodRequired';
  return undefined;
}

/** The order's figures as entered (exact; the server applies the same rule). */
export const takeFigures = (c: Pick<FiatTakeContext, 'by' | 'value' | 'data'>) =>
  c.data && isAmount(c.value, c.by === 'amount' ? FIAT_PLACES : CRYPTO_PLACES) ? orderFigures(c.by, c.value, c.data.ad.price) : undefined;

/**
 * /deal/buy-next and sell-next (spec §2): the chosen ad with its price, limits and terms, the
 * amount or quantity, the collection method a seller is paid to (their own, added from there), a
 * confirmation, and the order created with an idempotency key kept across a retry.
 */
export const fiatTakeMachine = setup({
  types: { context: {} as FiatTakeContext, events: {} as FiatTakeEvent, input: {} as { adId: number; by?: TakeBy; value?: string }, output: {} as { order: FiatOrder | undefined } },
  actors: {
    loadTake: fromPromise<TakeData, { adId: number }>(async () => {
      throw new Error('loadTake not provided');
    }),
    submitTake: fromPromise<FiatOrder, TakeInput>(async () => {
      throw new Error('submitTake not provided');
    }),
  },
  actions: {
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
    mintIdempotencyKey: assign({ idempotencyKey: ({ context }) => context.idempotencyKey ?? `local-key-${context.adId}` }),
    forgetKey: assign({ idempotencyKey: undefined }),
  },
  guards: { takeable: ({ context }) => takeProblem(context) === undefined },
}).createMachine({
  id: 'fiatTake',
  context: ({ input }) => ({ adId: input.adId, by: input.by ?? 'amount', value: input.value ?? '', data: undefined, methodId: undefined, idempotencyKey: undefined, order: undefined }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadTake',
        src: 'loadTake',
        input: ({ context }) => ({ adId: context.adId }),
        onDone: { target: 'editing', actions: assign({ data: ({ event }) => event.output, methodId: ({ event }) => event.output.methods[0]?.id }) },
        onError: { target: 'failed', actions: toastError },
      },
    },
    failed: { on: { 'take.retry': 'loading' } },
    editing: {
      on: {
        'take.by': { actions: ['forgetKey', assign({ by: ({ event }) => event.by, value: '' })] },
        'take.value': { actions: ['forgetKey', assign({ value: ({ event }) => event.value.trim().slice(0, 30) })] },
        'take.method': { actions: ['forgetKey', assign({ methodId: ({ event }) => event.methodId })] },
        'take.submit': { guard: 'takeable', target: 'confirming' },
      },
    },
    confirming: { on: { 'take.confirm': { target: 'submitting', actions: 'mintIdempotencyKey' }, 'take.back': 'editing' } },
    submitting: {
      invoke: {
        id: 'submitTake',
        src: 'submitTake',
        input: ({ context }) => ({
          request: { ad_id: context.adId, by: context.by, value: context.value, ...(context.data?.ad.side === 'buy' && context.methodId !== undefined ? { method_id: context.methodId } : {}) },
          idempotencyKey: context.idempotencyKey,
        }),
        onDone: { target: 'done', actions: assign({ order: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: toastError },
      },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => ({ order: context.order }),
});

export const fiatTakeKeyMinter = (mint: () => string) => assign<FiatTakeContext, FiatTakeEvent, unknown, FiatTakeEvent, never>({ idempotencyKey: ({ context }) => context.idempotencyKey ?? mint() });

export type FiatTakeActorRef = ActorRefFrom<typeof fiatTakeMachine>;
