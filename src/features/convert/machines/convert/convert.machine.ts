import { assign, raise, setup, type ActorRefFrom } from 'xstate';
import type { ConvertQuote, ConvertQuoteInput, ConvertResult } from '../../../../../domain/convert';
import { messageForError, type ToastMessage } from '../../../../../domain/errors';
import { countdownMachine } from '../../../../app/machines/countdown/countdown.machine';
import { readState } from '../../../../app/machines/loadStates/loadStates';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { showToast } from '../../../../app/machines/toast/toastError';
import { quoteProblem } from '../../convertRules';

export interface ConvertInput {
  /** The currencies the page starts with (convertRules.ts startingChoice). */
  from: string;
  to: string;
}

export type ConvertEvent =
  /** "From" chosen, with the "To" the page keeps or picks for it (one that shares a spot pair with it). */
  | { type: 'convert.setFrom'; from: string; to: string }
  | { type: 'convert.setTo'; to: string }
  | { type: 'convert.setAmount'; amount: string }
  /** "Get quote", with the places the pair counts the paid currency in (the rule the field applied, asked again). */
  | { type: 'convert.quote'; places: number }
  /**
   * `swap`: pay what was to be received; `accept`: convert at the quote on screen; `refresh`: a new
   * quote for the same request (expired, moved, refused); `new`: back to an empty amount;
   * `historyRetry`: read the recent conversions again after a failed read.
   */
  | Signals<'convert', 'swap' | 'accept' | 'refresh' | 'new' | 'historyRetry'>
  /** Raised after each accept, whatever its outcome: the recent conversions are read again. */
  | { type: 'convert.historyStale' }
  /** From the quote's countdown child, each second. */
  | { type: 'countdown.tick'; remaining: number };

export interface ConvertContext {
  from: string;
  to: string;
  /** The amount of `from` to pay, as typed. */
  amount: string;
  /** Why "Get quote" sent nothing (a catalogue key): said under the amount until a field changes. */
  problem: string | undefined;
  /** The quote on screen; gone as soon as any field changes. */
  quote: ConvertQuote | undefined;
  /** Whole seconds the quote can still be accepted for. */
  remaining: number;
  result: ConvertResult | undefined;
  /** The server's refusal of a quote or an accept (translated), or the failure. */
  refusal: ToastMessage | undefined;
  /** The recent conversions (page 1, newest first); undefined until first read. */
  history: ConvertResult[] | undefined;
}

/** The request a quote is asked for: the amount without the spaces around it. */
export const quoteRequest = (c: Pick<ConvertContext, 'from' | 'to' | 'amount'>): ConvertQuoteInput => ({ from: c.from, to: c.to, amount: c.amount.trim() });

/** Whole seconds a quote is good for on this clock, from its `valid_ms` (the server's, whatever the clocks say). */
export const quoteSeconds = (quote: ConvertQuote) => Math.max(0, Math.floor(quote.valid_ms / 1000));

const convertSetup = setup({
  types: { context: {} as ConvertContext, events: {} as ConvertEvent, input: {} as ConvertInput },
  actors: {
    requestQuote: toBeProvided<ConvertQuote, ConvertQuoteInput>('requestQuote'),
    acceptQuote: toBeProvided<ConvertResult, { quote_id: number }>('acceptQuote'),
    fetchHistory: toBeProvided<ConvertResult[], { page: number }>('fetchHistory'),
    /** The quote's seconds (app/machines/countdown: a named one-second delay). */
    countdown: countdownMachine,
  },
  actions: {
    showToast,
    /** A field changed: the quote, the result and what was said of the last request go. */
    discard: assign({ quote: undefined, result: undefined, refusal: undefined, problem: undefined }),
    /** The failure (or the server's refusal, as it came), said where the quote was. */
    refuse: assign({ refusal: ({ event }) => ('error' in event ? messageForError(event.error) : undefined) }),
    reloadHistory: raise({ type: 'convert.historyStale' }),
    takeFrom: assign(({ event }) => (event.type === 'convert.setFrom' ? { from: event.from, to: event.to } : {})),
    takeTo: assign(({ event }) => (event.type === 'convert.setTo' ? { to: event.to } : {})),
    takeAmount: assign(({ event }) => (event.type === 'convert.setAmount' ? { amount: event.amount } : {})),
    swap: assign(({ context }) => ({ from: context.to, to: context.from })),
  },
  guards: {
    acceptable: ({ context, event }) => event.type === 'convert.quote' && quoteProblem(quoteRequest(context), event.places) === undefined,
    converted: ({ event }) => 'output' in event && (event.output as ConvertResult).status === 'converted',
  },
});

/** What a field's change does wherever a quote or its outcome is on screen: back to editing, the quote gone. */
const edits = {
  'convert.setFrom': { target: 'editing', actions: ['discard', 'takeFrom'] },
  'convert.setTo': { target: 'editing', actions: ['discard', 'takeTo'] },
  'convert.swap': { target: 'editing', actions: ['discard', 'swap'] },
  'convert.setAmount': { target: 'editing', actions: ['discard', 'takeAmount'] },
} as const;

/**
 * /convert: "From" and its amount, "To", then a quote from the server (what is paid and received,
 * at most and at least, the rate and the fee) good for its seconds, counted down by the countdown
 * child; Convert accepts it once: converted, or moved (the book moved past the quote, nothing was
 * done) or refused (expired, not enough balance: the server's message). Changing any field drops
 * the quote. Beside it, the recent conversions, read again after each accept.
 */
export const convertMachine = convertSetup.createMachine({
  id: 'convert',
  context: ({ input }) => ({ from: input.from, to: input.to, amount: '', problem: undefined, quote: undefined, remaining: 0, result: undefined, refusal: undefined, history: undefined }),
  type: 'parallel',
  states: {
    flow: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            ...edits,
            'convert.quote': [
              { guard: 'acceptable', target: 'quoting' },
              { actions: assign({ problem: ({ context, event }) => quoteProblem(quoteRequest(context), event.places) }) },
            ],
          },
        },
        quoting: {
          // A refresh (expired, moved, refused): what was said of the last quote goes with it.
          entry: 'discard',
          on: edits,
          invoke: {
            id: 'requestQuote',
            src: 'requestQuote',
            input: ({ context }) => quoteRequest(context),
            onDone: { target: 'quoted', actions: assign({ quote: ({ event }) => event.output, remaining: ({ event }) => quoteSeconds(event.output) }) },
            onError: { target: 'refused', actions: 'refuse' },
          },
        },
        quoted: {
          on: {
            ...edits,
            'convert.accept': 'accepting',
            'countdown.tick': { actions: assign({ remaining: ({ event }) => event.remaining }) },
          },
          invoke: {
            id: 'quoteCountdown',
            src: 'countdown',
            input: ({ context, self }) => ({ seconds: context.remaining, replyTo: self }),
            onDone: { target: 'expired', actions: assign({ remaining: 0 }) },
          },
        },
        expired: {
          on: { ...edits, 'convert.refresh': 'quoting' },
        },
        accepting: {
          description: 'The fields are held while the accept is on its way: the quote it accepts is the one on screen.',
          invoke: {
            id: 'acceptQuote',
            src: 'acceptQuote',
            input: ({ context }) => ({ quote_id: context.quote!.quote_id }),
            onDone: [
              { guard: 'converted', target: 'converted', actions: [assign({ result: ({ event }) => event.output }), 'reloadHistory'] },
              { target: 'moved', actions: [assign({ result: ({ event }) => event.output }), 'reloadHistory'] },
            ],
            // Refused (expired, not enough balance) or failed: said, and the list read again, as a lost answer may hide a conversion.
            onError: { target: 'refused', actions: ['refuse', 'reloadHistory'] },
          },
        },
        converted: {
          on: { ...edits, 'convert.new': { target: 'editing', actions: ['discard', assign({ amount: '' })] } },
        },
        moved: {
          on: { ...edits, 'convert.refresh': 'quoting', 'convert.new': { target: 'editing', actions: 'discard' } },
        },
        refused: {
          on: { ...edits, 'convert.refresh': 'quoting', 'convert.new': { target: 'editing', actions: 'discard' } },
        },
      },
    },
    history: {
      initial: 'loading',
      states: {
        loading: {
          ...readState(convertSetup, { src: 'fetchHistory', input: () => ({ page: 1 }), into: (history) => ({ history }), next: 'ready', failed: 'failed' }),
          on: { 'convert.historyStale': { target: 'loading', reenter: true, description: 'An accept ended while the list was read: read it again, so the conversion is in.' } },
        },
        ready: { on: { 'convert.historyStale': 'loading' } },
        failed: { on: { 'convert.historyRetry': 'loading', 'convert.historyStale': 'loading' } },
      },
    },
  },
});

export type ConvertActorRef = ActorRefFrom<typeof convertMachine>;
