import { assign, raise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { messageForError, type ToastMessage } from '../../../../../domain/errors';
import { HALT_REASON_MAX } from '../../../../../domain/market';
import { type MarketKind, type OperatorMarket } from '../../../../../domain/marketsDesk';
import { confirmActMachine } from '../../../../app/machines/confirmAct/confirmAct.machine';
import type { ConfirmActReport } from '../../../../app/machines/confirmAct/confirmAct.types';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { toastError } from '../../../../app/machines/toast/toastError';

/** What a resume asks about: the market (a pair's spot market or its contract). */
export interface ResumeSubject {
  market: MarketKind;
  symbol: string;
  reason: string;
}

export type MarketsDeskEvent =
  | { type: 'markets.reload' }
  /** Shows the spot markets or the perpetual contracts. */
  | { type: 'markets.show'; market: MarketKind }
  /** Opens the halt question of a trading market (a row of the list on screen). */
  | { type: 'markets.halt'; market: MarketKind; symbol: string }
  /** The halt confirmed with the reason traders will read. */
  | { type: 'markets.submitHalt'; reason: string }
  /** Closes the halt question (nothing is sent). */
  | { type: 'markets.close' }
  /** Asks to resume a halted market (the shared confirm-then-act child `resume`). */
  | { type: 'markets.resume'; market: OperatorMarket }
  /** From the `resume` child once a confirmed resume went through or was refused. */
  | ConfirmActReport<ResumeSubject>;

export interface MarketsDeskInput {
  /** Whether the operator's roles grant trading.write (halt, resume): without it the desk only reads. */
  mayAct: boolean;
}

export interface MarketsDeskContext {
  markets: OperatorMarket[];
  mayAct: boolean;
  /** Which kind of market the list shows: the spot markets (at first) or the contracts. */
  shown: MarketKind;
  /** The market the halt question is about. */
  halting: { market: MarketKind; symbol: string } | undefined;
  /** The server's refusal of the last halt, shown in the question (already translated, or a key). */
  refusal: ToastMessage | undefined;
  /** Halt questions opened so far: a fresh reason field each time. */
  asked: number;
}

/** A halt's reason as sent: trimmed, 1 to 200 characters (the server's rule, docs/API.md "Market halts"). */
export const haltReason = (reason: string): string | undefined => {
  const trimmed = reason.trim();
  return trimmed.length > 0 && trimmed.length <= HALT_REASON_MAX ? trimmed : undefined;
};

/**
 * The risk desk's markets (issue 52 §1; server/products/markets/halts.ts): every spot market and
 * perpetual contract (one kind shown at a time, `shown`) with its state, halt reason and since when, read at start, on reload and after every change. With
 * trading.write (`mayAct`), a trading market is halted through a question that takes the reason
 * traders read (the server's refusal shown in place, the question kept open to correct it), and a
 * halted one resumed after a confirmation (the shared confirm-then-act child `resume`). Without
 * it the desk reads only: the halt and resume events are not heard.
 */
export const marketsDeskMachine = setup({
  types: { context: {} as MarketsDeskContext, events: {} as MarketsDeskEvent, input: {} as MarketsDeskInput },
  actors: {
    fetchMarkets: toBeProvided<OperatorMarket[]>('fetchMarkets'),
    haltMarket: toBeProvided<OperatorMarket, { market: MarketKind; symbol: string; reason: string }>('haltMarket'),
    resume: confirmActMachine,
  },
  actions: {
    showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined,
    reload: raise({ type: 'markets.reload' }),
    forgetQuestion: assign({ halting: undefined, refusal: undefined }),
    refuse: assign({ refusal: (_, params: { error: unknown }) => messageForError(params.error) }),
  },
  guards: {
    haltable: ({ context, event }) =>
      context.mayAct && event.type === 'markets.halt' && context.markets.some((m) => m.market === event.market && m.symbol === event.symbol && m.trading && m.halted_reason === null),
    resumable: ({ context, event }) => context.mayAct && event.type === 'markets.resume' && event.market.halted_reason !== null,
    reasonSendable: ({ event }) => event.type === 'markets.submitHalt' && haltReason(event.reason) !== undefined,
  },
}).createMachine({
  id: 'marketsDesk',
  context: ({ input }) => ({ markets: [], mayAct: input?.mayAct ?? false, shown: 'spot', halting: undefined, refusal: undefined, asked: 0 }),
  invoke: { id: 'resume', src: 'resume', input: ({ self }) => ({ replyTo: self }) },
  type: 'parallel',
  on: {
    'markets.show': { actions: assign({ shown: ({ event }) => event.market }) },
    'markets.resume': {
      guard: 'resumable',
      actions: sendTo('resume', ({ event }) => ({ type: 'confirmAct.ask' as const, subject: { market: event.market.market, symbol: event.market.symbol, reason: event.market.halted_reason ?? '' } })),
    },
    'confirmAct.done': { actions: [{ type: 'showToast', params: { tone: 'success', message: { key: 'marketsDesk.resumed' } } }, 'reload'] },
    'confirmAct.failed': { actions: 'reload', description: 'Refused (said by the child): show the markets as they are now.' },
  },
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          on: { 'markets.reload': { target: 'loading', reenter: true, description: 'A change made while the list was read: read it again.' } },
          invoke: {
            id: 'fetchMarkets',
            src: 'fetchMarkets',
            onDone: { target: 'ready', actions: assign({ markets: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: toastError },
          },
        },
        ready: { on: { 'markets.reload': 'loading' } },
        failed: { on: { 'markets.reload': 'loading' } },
      },
    },
    halt: {
      initial: 'closed',
      states: {
        closed: {
          entry: 'forgetQuestion',
          on: {
            'markets.halt': { guard: 'haltable', target: 'asking', actions: assign({ halting: ({ event }) => ({ market: event.market, symbol: event.symbol }), asked: ({ context }) => context.asked + 1 }) },
          },
        },
        asking: {
          initial: 'editing',
          on: { 'markets.close': '#marketsDesk.halt.closed' },
          states: {
            editing: {
              on: { 'markets.submitHalt': { guard: 'reasonSendable', target: 'sending', actions: assign({ refusal: undefined }) } },
            },
            sending: {
              description: 'Neither a second confirm nor a close is heard while the server decides.',
              on: { 'markets.close': {} },
              invoke: {
                id: 'haltMarket',
                src: 'haltMarket',
                input: ({ context, event }) => ({ ...context.halting!, reason: haltReason((event as Extract<MarketsDeskEvent, { type: 'markets.submitHalt' }>).reason)! }),
                onDone: { target: '#marketsDesk.halt.closed', actions: [{ type: 'showToast', params: { tone: 'success', message: { key: 'marketsDesk.halted' } } }, 'reload'] },
                onError: { target: 'editing', actions: { type: 'refuse', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
      },
    },
  },
});

export type MarketsDeskActorRef = ActorRefFrom<typeof marketsDeskMachine>;
