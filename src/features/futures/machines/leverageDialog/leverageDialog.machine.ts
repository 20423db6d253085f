import { assign, setup, type ActorRefFrom, type AnyActorRef } from 'xstate';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import type { MarginMode } from '../../../../../domain/futures/api';
import { toastError } from '../../../../app/machines/toast/toastError';
import { deskDialogActions, type DeskDialogInput } from '../shared/notifyDesk';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';

export interface LeverageRequest {
  symbol: string;
  leverage: number;
  margin_mode: MarginMode;
}

export interface LeverageDialogContext {
  symbol: string;
  leverage: number;
  marginMode: MarginMode;
  /** The pair's maximum (its first bracket's). */
  max: number;
  replyTo: AnyActorRef | undefined;
}

export type LeverageDialogEvent =
  | { type: 'leverage.open'; leverage: number; marginMode: MarginMode; max: number }
  | { type: 'leverage.set'; value: number }
  | { type: 'leverage.mode'; mode: MarginMode }
  | Signals<'leverage', 'save' | 'close'>;

const clamp = (value: number, max: number) => (Number.isFinite(value) ? Math.min(Math.max(Math.round(value), 1), max) : 1);

/**
 * The leverage and margin-mode dialog: opened with the pair's current setting and maximum, edited
 * (leverage kept within 1…max), saved through POST /api/futures/leverage. The server refuses while
 * a position or open orders exist on the pair; its message is shown and the dialog stays open.
 */
export const leverageDialogMachine = setup({
  types: {
    context: {} as LeverageDialogContext,
    events: {} as LeverageDialogEvent,
    input: {} as DeskDialogInput & { symbol: string },
  },
  actors: {
    saveLeverage: toBeProvided<unknown, LeverageRequest>('saveLeverage'),
  },
  actions: deskDialogActions<LeverageDialogContext, LeverageDialogEvent>(),
}).createMachine({
  id: 'leverageDialog',
  context: ({ input }) => ({ symbol: input.symbol, leverage: 1, marginMode: 'isolated', max: 1, replyTo: input.replyTo }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'leverage.open': {
          target: 'open',
          actions: assign(({ event }) => ({ max: Math.max(1, event.max), leverage: clamp(event.leverage, Math.max(1, event.max)), marginMode: event.marginMode })),
        },
      },
    },
    open: {
      on: {
        'leverage.set': { actions: assign({ leverage: ({ context, event }) => clamp(event.value, context.max) }) },
        'leverage.mode': { actions: assign({ marginMode: ({ event }) => event.mode }) },
        'leverage.save': 'saving',
        'leverage.close': 'closed',
      },
    },
    saving: {
      invoke: {
        id: 'saveLeverage',
        src: 'saveLeverage',
        input: ({ context }) => ({ symbol: context.symbol, leverage: context.leverage, margin_mode: context.marginMode }),
        onDone: { target: 'closed', actions: [{ type: 'showToast', params: { tone: 'success', message: { key: 'futures.leverage.saved' } } }, 'notifyDesk'] },
        onError: { target: 'open', actions: toastError },
      },
    },
  },
});

export type LeverageDialogActorRef = ActorRefFrom<typeof leverageDialogMachine>;
