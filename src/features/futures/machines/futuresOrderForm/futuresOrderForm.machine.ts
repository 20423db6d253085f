import { assign, setup, type ActorRefFrom, type AnyActorRef } from 'xstate';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { messageForError, type ToastMessage } from '../../../../../domain/errors';
import type { FuturesAction, FuturesOrderRequest, FuturesPlaced } from '../../../../../domain/futures/api';
import { followLastPrice, type LastPriceSource } from '../../../../app/machines/lastPrice/lastPrice';
import { formButtons, isPlanFieldProblem, submitProblem, toOrderRequest, withLastPrice, withPercent, type FormTab, type FuturesFormContext, type HeldPosition } from './orderFormFields';
import { deskDialogActions } from '../shared/notifyDesk';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';

export interface FuturesFormInput {
  symbol: string;
  pricePrecision: number;
  amountPrecision: number;
  /** Told `desk.refresh` after an order is placed (the trade page's desk). */
  replyTo?: AnyActorRef;
  /** The trade page's last price, which an untouched price follows (the `lastPrices` child: `form.lastPrice`). */
  prices?: LastPriceSource;
}

export interface PlaceFuturesInput {
  request: FuturesOrderRequest;
  idempotencyKey: string;
}

type FuturesFormMachineContext = FuturesFormContext & { replyTo: AnyActorRef | undefined; prices: LastPriceSource | undefined };

export type FuturesFormEvent =
  | { type: 'form.type'; orderType: 'limit' | 'market' }
  | { type: 'form.price'; value: string }
  | { type: 'form.quantity'; value: string }
  /** A percentage button: that share of the maximum open quantity the page computed. */
  | { type: 'form.percent'; percent: number; max: string }
  | { type: 'form.takeProfit'; value: string }
  | { type: 'form.stopLoss'; value: string }
  | { type: 'form.lastPrice'; price: string }
  | { type: 'form.tab'; tab: FormTab }
  | { type: 'form.reduceOnly'; value: boolean }
  /**
   * A button's action, with what the page shows the trader holds on the pair (the buttons it offers
   * follow it) and the mark price it shows (a take-profit or stop-loss must lie on the right side of it).
   */
  | { type: 'form.submit'; action: FuturesAction; held?: HeldPosition; mark?: string }
  | Signals<'form', 'confirm' | 'cancel'>;

/**
 * The futures order form of /contract/{symbol}: open long or open short, limit or market, a
 * quantity (typed or a share of the maximum open quantity), optional TP/SL; reduce-only and the
 * Close tab offer only what reduces the position held (formButtons). A valid submit is confirmed
 * first, then sent with an idempotency key kept across retries of the same order; the server's
 * refusal is shown once, under the buttons, as it answers it (translated). A take-profit or
 * stop-loss on the wrong side of the mark price is refused under its field before any confirmation.
 */
export const futuresOrderFormMachine = setup({
  types: {
    context: {} as FuturesFormMachineContext,
    events: {} as FuturesFormEvent,
    input: {} as FuturesFormInput,
  },
  actors: {
    lastPrices: followLastPrice,
    placeOrder: toBeProvided<FuturesPlaced, PlaceFuturesInput>('placeOrder'),
  },
  actions: {
    ...deskDialogActions<FuturesFormMachineContext, FuturesFormEvent>(),
    /** Supplied with crypto.randomUUID: a key for the order about to be sent, unless a retry already has one. */
    mintIdempotencyKey: assign({ idempotencyKey: ({ context }) => context.idempotencyKey ?? 'unminted-key' }),
  },
  guards: {
    valid: ({ context, event }) => event.type === 'form.submit' && submitProblem(context, event.action, event.held, event.mark) === undefined,
    planFieldProblem: ({ context, event }) => event.type === 'form.submit' && isPlanFieldProblem(submitProblem(context, event.action, event.held, event.mark)),
  },
}).createMachine({
  id: 'futuresOrderForm',
  context: ({ input }) => ({
    symbol: input.symbol,
    pricePrecision: input.pricePrecision,
    amountPrecision: input.amountPrecision,
    orderType: 'limit',
    price: '',
    priceTouched: false,
    quantity: '',
    takeProfit: '',
    stopLoss: '',
    tab: 'open',
    reduceOnly: false,
    action: undefined,
    label: undefined,
    problem: undefined,
    idempotencyKey: undefined,
    replyTo: input.replyTo,
    prices: input.prices,
  }),
  invoke: { id: 'lastPrices', src: 'lastPrices', input: ({ context }) => ({ source: context.prices }) },
  on: {
    'form.lastPrice': { actions: assign(({ context, event }) => withLastPrice(context, event.price)) },
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.tab': { actions: assign({ tab: ({ event }) => event.tab, quantity: '', idempotencyKey: undefined, problem: undefined }) },
        'form.reduceOnly': { actions: assign({ reduceOnly: ({ event }) => event.value, idempotencyKey: undefined, problem: undefined }) },
        'form.type': { actions: assign({ orderType: ({ event }) => event.orderType, idempotencyKey: undefined, problem: undefined }) },
        'form.price': { actions: assign({ price: ({ event }) => event.value.trim(), priceTouched: true, idempotencyKey: undefined, problem: undefined }) },
        'form.quantity': { actions: assign({ quantity: ({ event }) => event.value.trim(), idempotencyKey: undefined, problem: undefined }) },
        'form.percent': { actions: assign(({ context, event }) => ({ ...withPercent(context, event.max, event.percent), idempotencyKey: undefined, problem: undefined })) },
        'form.takeProfit': { actions: assign({ takeProfit: ({ event }) => event.value.trim(), idempotencyKey: undefined, problem: undefined }) },
        'form.stopLoss': { actions: assign({ stopLoss: ({ event }) => event.value.trim(), idempotencyKey: undefined, problem: undefined }) },
        'form.submit': [
          {
            guard: 'valid',
            target: 'confirming',
            actions: assign({
              action: ({ event }) => event.action,
              label: ({ context, event }) => formButtons(context, event.held).find((b) => b.action === event.action)?.label ?? event.action,
              problem: undefined,
            }),
          },
          {
            guard: 'planFieldProblem',
            actions: assign({ problem: ({ context, event }) => submitProblem(context, event.action, event.held, event.mark) }),
            description: 'A take-profit or stop-loss that cannot go with this order is said once, under its field (with the price it must pass); no confirmation, nothing sent.',
          },
          {
            actions: [
              assign({ problem: ({ context, event }) => submitProblem(context, event.action, event.held, event.mark) }),
              { type: 'showToast', params: ({ context }) => ({ tone: 'error' as const, message: context.problem as ToastMessage }) },
            ],
            description: 'Spec §5: the first problem, kept under the buttons until the form changes and toasted too; nothing is sent.',
          },
        ],
      },
    },
    confirming: {
      on: {
        'form.confirm': { target: 'submitting', actions: 'mintIdempotencyKey' },
        'form.cancel': { target: 'editing', actions: assign({ action: undefined, label: undefined }) },
      },
    },
    submitting: {
      invoke: {
        id: 'placeOrder',
        src: 'placeOrder',
        input: ({ context }) => ({ request: toOrderRequest(context), idempotencyKey: context.idempotencyKey! }),
        onDone: {
          target: 'editing',
          actions: [
            { type: 'showToast', params: { tone: 'success', message: { key: 'futures.form.placed' } } },
            assign({ quantity: '', takeProfit: '', stopLoss: '', action: undefined, label: undefined, idempotencyKey: undefined }),
            'notifyDesk',
          ],
        },
        onError: {
          target: 'editing',
          actions: assign({ action: undefined, label: undefined, problem: ({ event }) => messageForError(event.error) }),
          description: 'The key stays: sending the same order again retries it. The refusal is said once, under the buttons the trader just pressed, where it stays (issue 50 S3): not in a toast beside it too.',
        },
      },
    },
  },
});

/** The key minter supplied at the composition root: a fresh key unless a retry already has one. */
export const futuresOrderKeyMinter = (mint: () => string) =>
  assign<FuturesFormMachineContext, FuturesFormEvent, unknown, FuturesFormEvent, never>({ idempotencyKey: ({ context }) => context.idempotencyKey ?? mint() });

export type FuturesOrderFormActorRef = ActorRefFrom<typeof futuresOrderFormMachine>;
