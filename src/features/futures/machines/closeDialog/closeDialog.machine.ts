import { assign, enqueueActions, fromPromise, setup, type ActorRefFrom, type AnyActorRef } from 'xstate';
import { isDecimalString } from '../../../../../domain/decimal';
import type { ToastMessage } from '../../../../../domain/errors';
import type { FuturesCloseRequest, FuturesPlaced } from '../../../../../domain/futures/api';
import { fx } from '../../../../../domain/fx';
import { toastError } from '../../../../app/machines/toast/toastError';
import { shareOf } from '../futuresDesk/figures';

export interface CloseTarget {
  symbol: string;
  closable: string;
  pricePrecision: number;
  amountPrecision: number;
}

export interface CloseDialogContext extends CloseTarget {
  orderType: 'limit' | 'market';
  price: string;
  quantity: string;
  idempotencyKey: string | undefined;
  replyTo: AnyActorRef | undefined;
}

export type CloseCall = { kind: 'close'; request: FuturesCloseRequest; idempotencyKey: string } | { kind: 'flash'; symbol: string; idempotencyKey: string };

export type CloseDialogEvent =
  | ({ type: 'close.open' } & CloseTarget)
  | ({ type: 'close.flash' } & CloseTarget)
  | { type: 'close.type'; orderType: 'limit' | 'market' }
  | { type: 'close.price'; value: string }
  | { type: 'close.quantity'; value: string }
  | { type: 'close.percent'; percent: number }
  | { type: 'close.submit' }
  | { type: 'close.confirm' }
  | { type: 'close.cancel' };

const places = (v: string) => v.split('.')[1]?.length ?? 0;
const positiveWithin = (v: string, p: number) => isDecimalString(v) && !v.startsWith('-') && places(v) <= p && fx(v) > 0n;

/** The first §5 problem of a close, as a catalogue key. */
export function closeProblem(c: CloseDialogContext): string | undefined {
  if (c.orderType === 'limit' && !positiveWithin(c.price, c.pricePrecision)) return 'futures.form.priceInvalid';
  if (!positiveWithin(c.quantity, c.amountPrecision)) return 'futures.form.quantityInvalid';
  if (fx(c.quantity) > fx(c.closable)) return 'futures.close.tooMuch';
  return undefined;
}

const target = (e: CloseTarget): CloseTarget => ({ symbol: e.symbol, closable: e.closable, pricePrecision: e.pricePrecision, amountPrecision: e.amountPrecision });
const unfilled = (output: FuturesPlaced | undefined) => output !== undefined && output.unfilled !== '0';

/**
 * Closing a position (§9): a limit or market close of a quantity up to the closable one, or a
 * flash close of everything closable at market. Either is confirmed first (§8 "close position").
 * A market close reaches 30 levels of the book at most: what it could not close is said.
 */
export const closeDialogMachine = setup({
  types: {
    context: {} as CloseDialogContext,
    events: {} as CloseDialogEvent,
    input: {} as { replyTo?: AnyActorRef },
  },
  actors: {
    closePosition: fromPromise<FuturesPlaced, CloseCall>(async () => {
      throw new Error('closePosition not provided');
    }),
  },
  actions: {
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
    mintIdempotencyKey: assign({ idempotencyKey: ({ context }) => context.idempotencyKey ?? 'unminted-key' }),
    notifyDesk: enqueueActions(({ context, enqueue }) => {
      if (context.replyTo) enqueue.sendTo(context.replyTo, { type: 'desk.refresh' });
    }),
  },
  guards: {
    valid: ({ context }) => closeProblem(context) === undefined,
  },
}).createMachine({
  id: 'closeDialog',
  context: ({ input }) => ({
    symbol: '',
    closable: '0',
    pricePrecision: 2,
    amountPrecision: 4,
    orderType: 'market',
    price: '',
    quantity: '',
    idempotencyKey: undefined,
    replyTo: input.replyTo,
  }),
  initial: 'closed',
  states: {
    closed: {
      entry: assign({ idempotencyKey: undefined, price: '', quantity: '' }),
      on: {
        'close.open': { target: 'editing', actions: assign(({ event }) => ({ ...target(event), orderType: 'market' as const, quantity: event.closable })) },
        'close.flash': { target: 'confirmingFlash', actions: assign(({ event }) => target(event)) },
      },
    },
    editing: {
      on: {
        'close.type': { actions: assign({ orderType: ({ event }) => event.orderType, idempotencyKey: undefined }) },
        'close.price': { actions: assign({ price: ({ event }) => event.value.trim(), idempotencyKey: undefined }) },
        'close.quantity': { actions: assign({ quantity: ({ event }) => event.value.trim(), idempotencyKey: undefined }) },
        'close.percent': {
          actions: assign(({ context, event }) => ({ quantity: shareOf(context.closable, event.percent, context.amountPrecision), idempotencyKey: undefined })),
        },
        'close.submit': [
          { guard: 'valid', target: 'confirming' },
          { actions: { type: 'showToast', params: ({ context }) => ({ tone: 'error' as const, message: { key: closeProblem(context)! } }) } },
        ],
        'close.cancel': 'closed',
      },
    },
    confirming: {
      on: { 'close.confirm': { target: 'closing', actions: 'mintIdempotencyKey' }, 'close.cancel': 'editing' },
    },
    closing: {
      invoke: {
        id: 'closePosition',
        src: 'closePosition',
        input: ({ context }) => ({
          kind: 'close' as const,
          request: { symbol: context.symbol, type: context.orderType, quantity: context.quantity, ...(context.orderType === 'limit' ? { price: context.price } : {}) },
          idempotencyKey: context.idempotencyKey!,
        }),
        onDone: { target: 'closed', actions: [{ type: 'showToast', params: ({ event }) => ({ tone: 'success' as const, message: { key: unfilled(event.output) ? 'futures.close.rest' : 'futures.close.done' } }) }, 'notifyDesk'] },
        onError: { target: 'editing', actions: toastError },
      },
    },
    confirmingFlash: {
      on: { 'close.confirm': { target: 'flashing', actions: 'mintIdempotencyKey' }, 'close.cancel': 'closed' },
    },
    flashing: {
      invoke: {
        id: 'closePosition',
        src: 'closePosition',
        input: ({ context }) => ({ kind: 'flash' as const, symbol: context.symbol, idempotencyKey: context.idempotencyKey! }),
        onDone: { target: 'closed', actions: [{ type: 'showToast', params: ({ event }) => ({ tone: 'success' as const, message: { key: unfilled(event.output) ? 'futures.close.rest' : 'futures.close.done' } }) }, 'notifyDesk'] },
        onError: { target: 'closed', actions: toastError },
      },
    },
  },
});

/** The key minter supplied at the composition root: a fresh key unless a retry already has one. */
export const closeKeyMinter = (mint: () => string) =>
  assign<CloseDialogContext, CloseDialogEvent, unknown, CloseDialogEvent, never>({ idempotencyKey: ({ context }) => context.idempotencyKey ?? mint() });

export type CloseDialogActorRef = ActorRefFrom<typeof closeDialogMachine>;
