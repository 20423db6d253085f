import { assign, sendTo, setup, type ActorRefFrom, type AnyActorRef } from 'xstate';
import { isDecimalString } from '../../../../../domain/decimal';
import type { FuturesCloseRequest, FuturesPlaced } from '../../../../../domain/futures/api';
import { fx } from '../../../../../domain/fx';
import { confirmActMachine } from '../../../../app/machines/confirmAct/confirmAct.machine';
import type { ConfirmActReport } from '../../../../app/machines/confirmAct/confirmAct.types';
import { shareOf } from '../futuresDesk/figures';
import { deskDialogActions, type DeskDialogInput } from '../shared/notifyDesk';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';

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
  | Signals<'close', 'submit' | 'cancel'>
  /** From the `closePosition` child (the shared confirm-then-act) once a confirmed close went through or was refused. */
  | ConfirmActReport<CloseCall, FuturesPlaced>;

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
 * What the close did, in words: all that could be closed ("Position closed"), a part of it (a
 * partial quantity: the position stays open, issue 50 M20), nothing yet (a limit close resting on
 * the book), or a market close cut at the 30th level.
 */
export function closeOutcomeKey(output: FuturesPlaced | undefined, closable: string): string {
  if (unfilled(output)) return 'futures.close.rest';
  const filled = output ? fx(output.order.filled) : 0n;
  if (filled === 0n) return 'futures.close.placed';
  return filled >= fx(closable) ? 'futures.close.done' : 'futures.close.partDone';
}

/** The call a confirmed close sends: the dialog's order, or everything closable at market (flash). */
function closeCall(c: CloseDialogContext, kind: CloseCall['kind']): CloseCall {
  if (kind === 'flash') return { kind, symbol: c.symbol, idempotencyKey: c.idempotencyKey! };
  const request = { symbol: c.symbol, type: c.orderType, quantity: c.quantity, ...(c.orderType === 'limit' ? { price: c.price } : {}) };
  return { kind, request, idempotencyKey: c.idempotencyKey! };
}

/**
 * Closing a position (§9): a limit or market close of a quantity up to the closable one, or a
 * flash close of everything closable at market. Either is confirmed first (§8 "close position"):
 * the `closePosition` child (the shared confirm-then-act) asks about the call, with its
 * idempotency key minted, and sends it; a refused close stays open to be changed and sent again
 * with the same key. A market close reaches 30 levels of the book at most: what it could not
 * close is said.
 */
export const closeDialogMachine = setup({
  types: {
    context: {} as CloseDialogContext,
    events: {} as CloseDialogEvent,
    input: {} as DeskDialogInput,
  },
  actors: {
    closePosition: confirmActMachine,
  },
  actions: {
    ...deskDialogActions<CloseDialogContext, CloseDialogEvent>(),
    mintIdempotencyKey: assign({ idempotencyKey: ({ context }) => context.idempotencyKey ?? 'unminted-key' }),
    ask: sendTo('closePosition', ({ context }, params: { kind: CloseCall['kind'] }) => ({ type: 'confirmAct.ask' as const, subject: closeCall(context, params.kind) })),
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
  invoke: { id: 'closePosition', src: 'closePosition', input: ({ self }) => ({ replyTo: self }) },
  on: {
    'confirmAct.done': {
      target: '.closed',
      actions: [
        assign({ idempotencyKey: undefined }),
        { type: 'showToast', params: ({ context, event }) => ({ tone: 'success' as const, message: { key: closeOutcomeKey(event.output, context.closable) } }) },
        'notifyDesk',
      ],
    },
  },
  initial: 'closed',
  states: {
    closed: {
      entry: assign({ idempotencyKey: undefined, price: '', quantity: '' }),
      on: {
        'close.open': { target: 'editing', actions: assign(({ event }) => ({ ...target(event), orderType: 'market' as const, quantity: event.closable })) },
        'close.flash': {
          actions: [assign(({ event }) => ({ ...target(event), idempotencyKey: undefined })), 'mintIdempotencyKey', { type: 'ask', params: { kind: 'flash' } }],
          description: 'Asked with a key of its own each time; a refusal leaves nothing open.',
        },
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
          { guard: 'valid', actions: ['mintIdempotencyKey', { type: 'ask', params: { kind: 'close' } }], description: 'The key stays while the close is unchanged: a refused one is sent again as itself.' },
          { actions: { type: 'showToast', params: ({ context }) => ({ tone: 'error' as const, message: { key: closeProblem(context)! } }) } },
        ],
        'close.cancel': 'closed',
      },
    },
  },
});
/** The key minter supplied at the composition root: a fresh key unless a retry already has one. */
export const closeKeyMinter = (mint: () => string) =>
  assign<CloseDialogContext, CloseDialogEvent, unknown, CloseDialogEvent, never>({ idempotencyKey: ({ context }) => context.idempotencyKey ?? mint() });

export type CloseDialogActorRef = ActorRefFrom<typeof closeDialogMachine>;
