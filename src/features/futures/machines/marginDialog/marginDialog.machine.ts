import { assign, setup, type ActorRefFrom, type AnyActorRef } from 'xstate';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { messageForError, type ToastMessage } from '../../../../../domain/errors';
import type { LeverageBracket } from '../../../../../domain/futures/brackets';
import { MARGIN_AMOUNT_PLACES, type FuturesMarginRequest, type FuturesPosition, type MarginAdjustment } from '../../../../../domain/futures/api';
import { isPositiveDecimalInput } from '../../../../../domain/decimalRule';
import { compareDecimal, subDecimal } from '../../../../../domain/decimal';
import { liquidationAfterMargin } from '../../../../../domain/futures/preview';
import { toastError } from '../../../../app/machines/toast/toastError';
import { deskDialogActions, type DeskDialogInput } from '../shared/notifyDesk';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';

export interface MarginDialogContext {
  position: FuturesPosition | undefined;
  brackets: readonly LeverageBracket[];
  /** The futures account's available balance (the most that can be added). */
  available: string;
  type: MarginAdjustment;
  amount: string;
  /** Why the last Confirm was refused (the form's rule or the server's answer), kept in the dialog until the input changes. */
  refusal: ToastMessage | undefined;
  replyTo: AnyActorRef | undefined;
}

export type MarginDialogEvent =
  | { type: 'margin.open'; position: FuturesPosition; brackets: readonly LeverageBracket[]; available: string }
  | { type: 'margin.type'; value: MarginAdjustment }
  | { type: 'margin.amount'; value: string }
  | Signals<'margin', 'save' | 'close'>;

/** The most the amount may be: the available balance to add, the position's max_removable_margin to remove. */
export const marginLimit = (c: MarginDialogContext): string => (c.type === 'add' ? c.available : (c.position?.max_removable_margin ?? '0'));

/** The first problem of the amount as a catalogue key, or undefined when it may be sent. */
export function marginProblem(c: MarginDialogContext): string | undefined {
  if (!isPositiveDecimalInput(c.amount, { places: MARGIN_AMOUNT_PLACES })) return 'futures.margin.amountInvalid';
  if (compareDecimal(c.amount, marginLimit(c)) > 0) return c.type === 'add' ? 'futures.margin.addTooMuch' : 'futures.margin.removeTooMuch';
  return undefined;
}

/** The liquidation price after the change, shown before it is confirmed (undefined while the amount is not valid). */
export function liquidationAfter(c: MarginDialogContext): string | undefined {
  // No preview of a change that cannot be made (issue 50 M9: removing 600 of 197.52 removable
  // previewed a liquidation price above the mark).
  if (!c.position || marginProblem(c) !== undefined) return undefined;
  return liquidationAfterMargin(c.position, c.type === 'add' ? c.amount : subDecimal('0', c.amount), c.brackets);
}

/**
 * The problem of an amount already typed as a number, said while it is typed (issue 50 M9: 600
 * against "Max. removable 197.52" went to the server): more than may move. A number still being
 * typed is not scolded; Confirm says the rest (marginProblem).
 */
export function typedProblem(c: MarginDialogContext): string | undefined {
  if (!isPositiveDecimalInput(c.amount, { places: MARGIN_AMOUNT_PLACES })) return undefined;
  return marginProblem(c);
}

/**
 * Whether the liquidation price after the change is at or beyond the mark price (a long's at or
 * above it, a short's at or below): the position would be liquidatable at once. Said as a warning
 * beside the figure; the server refuses such a removal itself.
 */
export function liquidationBeyondMark(c: MarginDialogContext): boolean {
  const after = liquidationAfter(c);
  const mark = c.position?.mark_price;
  if (after === undefined || mark === undefined || compareDecimal(after, '0') <= 0) return false;
  return c.position!.side === 1 ? compareDecimal(after, mark) >= 0 : compareDecimal(after, mark) <= 0;
}

/**
 * Adding margin to or removing it from an isolated position (POST /api/futures/margin): the
 * amount is checked against what may move (the account's available balance, or the position's
 * max_removable_margin, which the server enforces itself), the new liquidation price is shown
 * while editing, and Confirm sends it. A refusal is shown as the server words it and the dialog
 * stays open.
 */
export const marginDialogMachine = setup({
  types: {
    context: {} as MarginDialogContext,
    events: {} as MarginDialogEvent,
    input: {} as DeskDialogInput,
  },
  actors: {
    adjustMargin: toBeProvided<FuturesPosition | undefined, FuturesMarginRequest>('adjustMargin'),
  },
  actions: deskDialogActions<MarginDialogContext, MarginDialogEvent>(),
  guards: {
    valid: ({ context }) => marginProblem(context) === undefined,
  },
}).createMachine({
  id: 'marginDialog',
  context: ({ input }) => ({ position: undefined, brackets: [], available: '0', type: 'add', amount: '', refusal: undefined, replyTo: input.replyTo }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'margin.open': {
          target: 'editing',
          actions: assign(({ event }) => ({ position: event.position, brackets: event.brackets, available: event.available, type: 'add' as const, amount: '', refusal: undefined })),
        },
      },
    },
    editing: {
      on: {
        'margin.type': { actions: assign({ type: ({ event }) => event.value, amount: '', refusal: undefined }) },
        'margin.amount': { actions: assign({ amount: ({ event }) => event.value.trim(), refusal: undefined }) },
        'margin.save': [
          { guard: 'valid', target: 'saving', actions: assign({ refusal: undefined }) },
          {
            // Said in the dialog and kept there (issue 50 S3: a toast alone was gone in 1.2 s).
            actions: [
              { type: 'showToast', params: ({ context }) => ({ tone: 'error' as const, message: { key: marginProblem(context)! } }) },
              assign({ refusal: ({ context }) => ({ key: marginProblem(context)! }) }),
            ],
          },
        ],
        'margin.close': 'closed',
      },
    },
    saving: {
      invoke: {
        id: 'adjustMargin',
        src: 'adjustMargin',
        input: ({ context }) => ({ symbol: context.position!.symbol, type: context.type, amount: context.amount }),
        onDone: {
          target: 'closed',
          actions: [{ type: 'showToast', params: ({ context }) => ({ tone: 'success' as const, message: { key: context.type === 'add' ? 'futures.margin.added' : 'futures.margin.removed' } }) }, 'notifyDesk'],
        },
        onError: { target: 'editing', actions: [toastError, assign({ refusal: ({ event }) => messageForError(event.error) }), 'notifyDesk'] },
      },
    },
  },
});

export type MarginDialogActorRef = ActorRefFrom<typeof marginDialogMachine>;
