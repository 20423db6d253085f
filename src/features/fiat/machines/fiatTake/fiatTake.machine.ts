import { assign, setup, type ActorRefFrom } from 'xstate';
import { compareDecimal } from '../../../../../domain/decimal';
import { CRYPTO_PLACES, FIAT_PLACES, isAmount, orderFigures, takeSendsCrypto, type FiatAd, type FiatMethod, type FiatOrder, type FiatProof, type FiatTakeRequest, type TakeBy } from '../../../../../domain/fiat';
import type { ToastMessage } from '../../../../../domain/errors';
import { proofConfirming, proofProblem, proofRefused } from '../fiatProof';
import { toastError, showToast } from '../../../../app/machines/toast/toastError';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';

export interface TakeData {
  ad: FiatAd;
  /** The user's own collection methods (a seller picks the one the buyer pays to). */
  methods: FiatMethod[];
  /** Whether the user has 2FA on (a sale then asks for the code); undefined when it could not be read. */
  twoFactor?: boolean;
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
  /** A sale's proof (funds password, 2FA code), held from Confirm until the submission ends. */
  proof: FiatProof | undefined;
  /** Why the confirmation was not sent, or was refused (the server's message: the withdrawal lock with its end, a wrong password). */
  refusal: ToastMessage | undefined;
}

export type FiatTakeEvent =
  | { type: 'take.by'; by: TakeBy }
  | { type: 'take.value'; value: string }
  | { type: 'take.method'; methodId: number }
  | { type: 'take.submit' }
  /** A sale (into a buy ad) carries what the dialog's proof fields hold; a purchase sends none. */
  | { type: 'take.confirm'; fundsPassword?: string; totpCode?: string }
  | Signals<'take', 'back' | 'retry'>;

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

/** Whether this take sells the user's crypto (into a buy ad), so it asks for a proof (issue 49 §2). */
export const takeSells = (c: Pick<FiatTakeContext, 'data'>): boolean => c.data !== undefined && takeSendsCrypto(c.data.ad);

/**
 * /deal/buy-next and sell-next (spec §2): the chosen ad with its price, limits and terms, the
 * amount or quantity, the collection method a seller is paid to (their own, added from there), a
 * confirmation, and the order created with an idempotency key kept across a retry. A sale sends the
 * user's crypto into escrow for the advertiser, so its confirmation asks for the funds password and,
 * 2FA on, the code, as a withdrawal does (issue 49 §2); its refusal (a wrong password, the 24-hour
 * lock after a security change) stays in the confirmation with the server's message.
 */
const fiatTakeSetup = setup({
  types: { context: {} as FiatTakeContext, events: {} as FiatTakeEvent, input: {} as { adId: number; by?: TakeBy; value?: string }, output: {} as { order: FiatOrder | undefined } },
  actors: {
    loadTake: toBeProvided<TakeData, { adId: number }>('loadTake'),
    submitTake: toBeProvided<FiatOrder, TakeInput>('submitTake'),
  },
  actions: {
    showToast,
    mintIdempotencyKey: assign({ idempotencyKey: ({ context }) => context.idempotencyKey ?? `local-key-${context.adId}` }),
    forgetKey: assign({ idempotencyKey: undefined }),
    /** The order is made: the page goes to it (the page supplies how, replacing itself in the history). */
    goToOrder: (_, _params: { order: FiatOrder }) => undefined,
  },
  guards: {
    takeable: ({ context }) => takeProblem(context) === undefined,
    sells: ({ context }) => takeSells(context),
    proofMissing: ({ context, event }) => event.type === 'take.confirm' && takeSells(context) && proofProblem(event.fundsPassword ?? '', event.totpCode ?? '', context.data?.twoFactor) !== undefined,
  },
});

export const fiatTakeMachine = fiatTakeSetup.createMachine({
  id: 'fiatTake',
  context: ({ input }) => ({ adId: input.adId, by: input.by ?? 'amount', value: input.value ?? '', data: undefined, methodId: undefined, idempotencyKey: undefined, order: undefined, proof: undefined, refusal: undefined }),
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
    confirming: proofConfirming(fiatTakeSetup, { confirm: 'take.confirm', back: 'take.back', next: 'submitting', sends: takeSells, missing: 'A sale without its funds password (or, 2FA on, its code) sends nothing: the dialog says what is missing.' }),
    submitting: {
      invoke: {
        id: 'submitTake',
        src: 'submitTake',
        input: ({ context }) => ({
          request: { ad_id: context.adId, by: context.by, value: context.value, ...(takeSells(context) && context.methodId !== undefined ? { method_id: context.methodId } : {}), ...context.proof },
          idempotencyKey: context.idempotencyKey,
        }),
        onDone: { target: 'done', actions: assign({ order: ({ event }) => event.output }) },
        onError: proofRefused('A refused sale stays in its confirmation with the reason, for a corrected password or code; the key stays, so it is the same sale.'),
      },
      exit: assign({ proof: undefined }),
    },
    done: { type: 'final', entry: { type: 'goToOrder', params: ({ context }) => ({ order: context.order! }) } },
  },
  output: ({ context }) => ({ order: context.order }),
});

export const fiatTakeKeyMinter = (mint: () => string) => assign<FiatTakeContext, FiatTakeEvent, unknown, FiatTakeEvent, never>({ idempotencyKey: ({ context }) => context.idempotencyKey ?? mint() });

export type FiatTakeActorRef = ActorRefFrom<typeof fiatTakeMachine>;
