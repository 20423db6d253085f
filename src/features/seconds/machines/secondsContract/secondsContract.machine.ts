import { assign, fromCallback, setup, type ActorRefFrom, type EventObject } from 'xstate';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { compareDecimal } from '../../../../../domain/decimal';
import { messageForError, type ToastMessage } from '../../../../../domain/errors';
import {
  SECONDS_STAKE_PLACES,
  type SecondsAccount,
  type SecondsBuyRequest,
  type SecondsConfig,
  type SecondsContract,
  type SecondsDirection,
} from '../../../../../domain/seconds';
import { toastError, showToast } from '../../../../app/machines/toast/toastError';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';

/** What a ticket needs before the trader can choose: the pair's periods and the trader's account. */
export interface TicketData {
  config: SecondsConfig;
  /** Undefined when signed out (the page then asks to log in). */
  account: SecondsAccount | undefined;
  /**
   * The local clock at the moment the server read its own (`config.server_time`): the midpoint of the
   * config call, to turn the server's expiry into local time. The arrival alone counted the answer's
   * whole way back as the server being behind, and a 30 s contract read "31 s" on a slow network.
   */
  receivedAt: number;
}

export interface BuyInput {
  request: SecondsBuyRequest;
  idempotencyKey: string | undefined;
}

export type SecondsContractEvent =
  | { type: 'ticket.period'; period: number }
  | { type: 'ticket.quantity'; quantity: string }
  | { type: 'ticket.buy'; direction: SecondsDirection }
  | Signals<'ticket', 'acceptRisk' | 'confirm' | 'cancel' | 'retry'>
  /** A contract pushed on the private channel (bought or settled). */
  | { type: 'ticket.pushed'; contract: SecondsContract };

export interface SecondsContractContext {
  symbol: string;
  data: TicketData | undefined;
  /** Server clock − local clock, from the ticket data (ms). */
  offset: number;
  period: number | undefined;
  quantity: string;
  direction: SecondsDirection;
  contract: SecondsContract | undefined;
  /** Local clock at the last countdown tick. */
  now: number;
  idempotencyKey: string | undefined;
  mints: number;
  /** The server's translated reason the ticket could not load (e.g. the pair offers no seconds contracts). */
  loadError: string | undefined;
  /**
   * Why the last Up/Down was refused (a stake outside the rules, or the server's answer): written
   * under the stake until the stake or the period changes (issue 50 S3: a toast alone was gone).
   */
  refusal: ToastMessage | undefined;
}

/** Why a stake cannot be bought, as a catalogue key with values; undefined when it can. */
export function stakeProblem(context: Pick<SecondsContractContext, 'data' | 'period' | 'quantity'>): ToastMessage | undefined {
  const period = context.data?.config.periods.find((p) => p.period === context.period);
  if (!period) return { key: 'seconds.error.period' };
  const q = context.quantity.trim();
  if (!new RegExp(`^\\d{1,12}(\\.\\d{1,${SECONDS_STAKE_PLACES}})?$`).test(q) || compareDecimal(q, '0') <= 0) return { key: 'seconds.error.quantity' };
  if (compareDecimal(q, period.min_stake) < 0) return { key: 'seconds.error.min' };
  if (compareDecimal(q, period.max_stake) > 0) return { key: 'seconds.error.max' };
  const available = context.data?.account?.available;
  if (available !== undefined && compareDecimal(q, available) > 0) return { key: 'seconds.error.balance' };
  return undefined;
}

/**
 * Milliseconds until the contract expires, on the server's clock as seen from here, and never more
 * than the server gave it when it accepted it (an offset estimated a little short adds nothing).
 */
export const remainingMs = (c: Pick<SecondsContractContext, 'contract' | 'now' | 'offset'>): number =>
  c.contract ? Math.max(0, Math.min(c.contract.expires_at - c.contract.accepted_at, c.contract.expires_at - (c.now + c.offset))) : 0;

/**
 * One seconds contract from choice to result (spec §1, §3, §4): choosing (period with its payout
 * rate, stake, up or down) → a one-time risk warning → confirming (buy price is fixed by the server,
 * estimated profit shown) → submitting (with an idempotency key kept across a retry) → counting down
 * to the server's expiry, corrected for the clock offset (`tick`) → awaiting settlement (the result
 * is pushed on the private channel; `settlementPoll` reads it if a push was missed; after
 * `settlementGiveUp` the card says so: failed, with a retry) → settled (win, loss or draw).
 */
/** A new ticket (the form, with the period and stake carried over), or a contract bought before this page, counting down from here. */
export interface SecondsContractInput {
  symbol: string;
  period?: number;
  quantity?: string;
  /** The open contract and the server's clock offset as the page read them (the desk's `loadOpen`). */
  resumed?: { contract: SecondsContract; offset: number };
}

export const secondsContractMachine = setup({
  types: {
    context: {} as SecondsContractContext,
    events: {} as SecondsContractEvent,
    input: {} as SecondsContractInput,
  },
  actors: {
    loadTicket: toBeProvided<TicketData, { symbol: string }>('loadTicket'),
    acknowledgeRisk: toBeProvided<unknown>('acknowledgeRisk'),
    buyContract: toBeProvided<SecondsContract, BuyInput>('buyContract'),
    fetchContract: toBeProvided<SecondsContract | undefined, { id: number }>('fetchContract'),
    /** The private channel's seconds pushes, as `ticket.pushed` (supplied from the user stream hub). */
    contractUpdates: fromCallback<EventObject>(() => () => undefined),
  },
  actions: {
    showToast,
    /** Tells the page a contract was bought (balances and lists read again). */
    bought: (_, _params: { contract: SecondsContract }) => undefined,
    /** The composition root supplies crypto.randomUUID; this default numbers keys for tests. */
    mintIdempotencyKey: assign({ mints: ({ context }) => context.mints + 1, idempotencyKey: ({ context }) => `local-key-${context.mints + 1}` }),
    tickClock: assign({ now: () => Date.now() }),
    choosePeriod: assign({ period: ({ context, event }) => (event.type === 'ticket.period' ? event.period : context.period), refusal: undefined }),
    /** A new stake is a new purchase: its key is minted again at the next confirm. */
    typeStake: assign({ quantity: ({ context, event }) => (event.type === 'ticket.quantity' ? event.quantity : context.quantity), idempotencyKey: undefined, refusal: undefined }),
  },
  delays: {
    tick: 1000,
    settlementPoll: 3000,
    settlementGiveUp: 30_000,
  },
  guards: {
    stakeValid: ({ context }) => stakeProblem(context) === undefined,
    acknowledged: ({ context }) => context.data?.account?.acknowledged === true,
    expired: ({ context }) => remainingMs(context) <= 0,
    isSettlement: ({ context, event }) => event.type === 'ticket.pushed' && event.contract.id === context.contract?.id && event.contract.status === 2,
    settledElsewhere: ({ event }) => event.type === 'ticket.pushed' && event.contract.status === 2,
    fetchedSettled: (_, params: { contract: SecondsContract | undefined }) => params.contract?.status === 2,
    resumed: ({ context }) => context.contract !== undefined,
  },
}).createMachine({
  id: 'secondsContract',
  context: ({ input }) => ({
    symbol: input.symbol,
    data: undefined,
    offset: input.resumed?.offset ?? 0,
    period: input.period ?? input.resumed?.contract.period,
    quantity: input.quantity ?? input.resumed?.contract.quantity ?? '',
    direction: input.resumed?.contract.direction ?? 'up',
    contract: input.resumed?.contract,
    now: 0,
    idempotencyKey: undefined,
    mints: 0,
    loadError: undefined,
    refusal: undefined,
  }),
  // Every state hears the private channel: the form reads its balance again after a settlement,
  // the card takes its result.
  invoke: { id: 'contractUpdates', src: 'contractUpdates' },
  initial: 'starting',
  states: {
    starting: {
      description: 'A contract bought before this page (resumed from the open contracts) is a card from the start; a new ticket is the form.',
      always: [{ guard: 'resumed', target: 'live' }, { target: 'loading' }],
    },
    loading: {
      on: {
        // The ticket stays on screen while it is read again after a settlement: a period or stake
        // chosen then is kept (the answer keeps a period that still exists, and a typed stake), and a
        // settlement heard meanwhile has the balance read again.
        'ticket.period': { actions: 'choosePeriod' },
        'ticket.quantity': { actions: 'typeStake' },
        'ticket.pushed': { guard: 'settledElsewhere', target: 'loading', reenter: true },
      },
      invoke: {
        id: 'loadTicket',
        src: 'loadTicket',
        input: ({ context }) => ({ symbol: context.symbol }),
        onDone: {
          target: 'choosing',
          actions: assign(({ context, event }) => {
            const periods = event.output.config.periods;
            const period = periods.some((p) => p.period === context.period) ? context.period : periods[0]?.period;
            return { data: event.output, offset: event.output.config.server_time - event.output.receivedAt, period, quantity: context.quantity || (periods[0]?.min_stake ?? '') };
          }),
        },
        onError: {
          target: 'loadFailed',
          // The page says why (the server's own words) where the periods would be; no toast besides.
          actions: assign({ loadError: ({ event }) => (event.error as { serverMessage?: string } | undefined)?.serverMessage }),
        },
      },
    },
    loadFailed: {
      on: {
        'ticket.retry': 'loading',
        'ticket.period': { actions: 'choosePeriod' },
        'ticket.quantity': { actions: 'typeStake' },
      },
    },
    choosing: {
      on: {
        'ticket.pushed': { guard: 'settledElsewhere', target: 'loading', description: 'A settlement changed the balance and today\'s result: read them again.' },
        'ticket.period': { actions: 'choosePeriod' },
        'ticket.quantity': { actions: 'typeStake' },
        'ticket.buy': [
          { guard: 'stakeValid', target: 'riskWarning', actions: assign({ direction: ({ event }) => event.direction, quantity: ({ context }) => context.quantity.trim(), refusal: undefined }) },
          {
            description: 'The form skipped a rule: say which under the stake, send nothing.',
            actions: assign({ refusal: ({ context }) => stakeProblem(context) ?? { key: 'error.system' } }),
          },
        ],
      },
    },
    riskWarning: {
      description: 'Shown once per trader and warning version (the server says which it holds): after the acknowledgement is stored, buying goes straight to confirming.',
      always: { guard: 'acknowledged', target: 'confirming' },
      on: { 'ticket.acceptRisk': 'acknowledging', 'ticket.cancel': 'choosing' },
    },
    acknowledging: {
      invoke: {
        id: 'acknowledgeRisk',
        src: 'acknowledgeRisk',
        onDone: {
          target: 'confirming',
          actions: assign({ data: ({ context }) => context.data && { ...context.data, account: context.data.account && { ...context.data.account, acknowledged: true } } }),
        },
        onError: { target: 'riskWarning', actions: toastError },
      },
    },
    confirming: {
      on: {
        'ticket.confirm': [{ guard: ({ context }) => context.idempotencyKey !== undefined, target: 'submitting' }, { target: 'submitting', actions: 'mintIdempotencyKey' }],
        'ticket.cancel': 'choosing',
      },
    },
    submitting: {
      invoke: {
        id: 'buyContract',
        src: 'buyContract',
        input: ({ context }) => ({
          request: { symbol: context.symbol, direction: context.direction, period: context.period!, quantity: context.quantity },
          idempotencyKey: context.idempotencyKey,
        }),
        onDone: {
          target: 'live',
          actions: [
            assign({ contract: ({ event }) => event.output, idempotencyKey: undefined }),
            { type: 'showToast', params: { tone: 'success', message: { key: 'seconds.bought' } } },
            { type: 'bought', params: ({ event }) => ({ contract: event.output }) },
          ],
        },
        onError: {
          target: 'choosing',
          actions: [toastError, assign({ refusal: ({ event }) => messageForError(event.error) })],
          description: 'The key stays: the same purchase retried is the same purchase. The refusal stays under the stake.',
        },
      },
    },
    live: {
      description: 'Counting down and awaiting the result: a pushed settlement of this contract ends it.',
      on: { 'ticket.pushed': { guard: 'isSettlement', target: '#secondsContract.settled', actions: assign({ contract: ({ event }) => event.contract }) } },
      initial: 'countingDown',
      states: {
        countingDown: {
          entry: 'tickClock',
          always: { guard: 'expired', target: 'awaitingSettlement' },
          after: { tick: { target: 'countingDown', reenter: true } },
        },
        awaitingSettlement: {
          after: { settlementGiveUp: '#secondsContract.failed' },
          initial: 'waiting',
          states: {
            waiting: { after: { settlementPoll: 'polling' } },
            polling: {
              invoke: {
                id: 'fetchContract',
                src: 'fetchContract',
                input: ({ context }) => ({ id: context.contract!.id }),
                onDone: [
                  {
                    guard: { type: 'fetchedSettled', params: ({ event }) => ({ contract: event.output }) },
                    target: '#secondsContract.settled',
                    actions: assign({ contract: ({ event, context }) => event.output ?? context.contract }),
                  },
                  { target: 'waiting' },
                ],
                onError: 'waiting',
              },
            },
          },
        },
      },
    },
    failed: {
      description: 'No result heard in time (the server settles it anyway; history will show it).',
      on: { 'ticket.retry': '#secondsContract.live.awaitingSettlement' },
    },
    settled: { type: 'final' },
  },
});

export const secondsKeyMinter = (mint: () => string) =>
  assign<SecondsContractContext, SecondsContractEvent, unknown, SecondsContractEvent, never>({ idempotencyKey: () => mint() });

export type SecondsContractActorRef = ActorRefFrom<typeof secondsContractMachine>;
