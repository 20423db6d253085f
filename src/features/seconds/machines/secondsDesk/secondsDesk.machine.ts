import { assign, enqueueActions, fromCallback, setup, type ActorRefFrom, type EventObject, type SnapshotFrom } from 'xstate';
import type { SecondsContract, SecondsDirection } from '../../../../../domain/seconds';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { secondsContractMachine, type SecondsContractActorRef } from '../secondsContract/secondsContract.machine';

/** Cards kept on screen (open ones and the latest results). */
export const MAX_CARDS = 8;

/** A live contract's buy price, drawn as a level on the chart. */
export interface SecondsLevel {
  ticketId: string;
  id: number;
  direction: SecondsDirection;
  price: string;
}

export interface SecondsDeskContext {
  symbol: string;
  /** The form first, then the bought ones as cards, newest first. */
  tickets: SecondsContractActorRef[];
  /** The contracts still live (counting down or awaiting their result), newest first. */
  levels: SecondsLevel[];
  /** Tickets opened so far: names the next one. */
  opened: number;
  /** The contracts bought before this page could not be read: the page says where they are listed. */
  resumeFailed: boolean;
}

export type SecondsDeskEvent =
  /** A ticket was bought: its period and stake carry over to the fresh form; a live one's buy price is a level. */
  | { type: 'desk.bought'; id: string; period?: number; quantity: string; level?: SecondsLevel }
  /** A bought ticket is live no more (settled, or its result could not be read): its level goes. */
  | { type: 'desk.ended'; id: string };

/** The trader's open contracts on the pair, and the server's clock offset to count them down with (`loadOpen`). */
export interface OpenContracts {
  contracts: SecondsContract[];
  offset: number;
}

type TicketSnapshot = SnapshotFrom<typeof secondsContractMachine>;
const BOUGHT_STATES = ['live', 'failed', 'settled'] as const;
const isBought = (s: TicketSnapshot) => BOUGHT_STATES.some((state) => s.matches(state));
const levelOf = (ticketId: string, s: TicketSnapshot): SecondsLevel | undefined => {
  const c = s.context.contract;
  return s.matches('live') && c ? { ticketId, id: c.id, direction: c.direction, price: c.buy_price } : undefined;
};
const watchId = (ticketId: string) => `${ticketId}:watch`;

/**
 * The seconds trade page's tickets, for as long as the page is on screen: the first is the form;
 * once it is bought it becomes a countdown card and a fresh ticket (remembering period and stake)
 * takes its place. At most MAX_CARDS cards stay; older ones stop. Each ticket is a spawned
 * `secondsContract`; a `ticketWatch` beside each reports its purchase and its end, which keep
 * `levels` (the live contracts' buy prices, for the chart).
 */
export const secondsDeskMachine = setup({
  types: {
    context: {} as SecondsDeskContext,
    input: {} as { symbol: string },
    events: {} as SecondsDeskEvent,
  },
  actors: {
    contract: secondsContractMachine,
    /** The open contracts bought before this page (signed out: none), read once as the page opens. */
    loadOpen: toBeProvided<OpenContracts, { symbol: string }>('loadOpen'),
    /** Reports desk.bought once the ticket has been bought, then desk.ended once it is live no more. */
    ticketWatch: fromCallback<EventObject, { ticket: SecondsContractActorRef }>(({ input, sendBack }) => {
      const { ticket } = input;
      let stage: 'form' | 'live' | 'ended' = 'form';
      const follow = (snapshot: TicketSnapshot) => {
        if (stage === 'form' && isBought(snapshot)) {
          stage = 'live';
          const { period, quantity } = snapshot.context;
          sendBack({ type: 'desk.bought', id: ticket.id, period, quantity, level: levelOf(ticket.id, snapshot) } satisfies SecondsDeskEvent);
        }
        if (stage === 'live' && !snapshot.matches('live')) {
          stage = 'ended';
          sendBack({ type: 'desk.ended', id: ticket.id } satisfies SecondsDeskEvent);
        }
      };
      follow(ticket.getSnapshot());
      const subscription = ticket.subscribe(follow);
      return () => subscription.unsubscribe();
    }),
  },
  actions: {
    openTicket: assign(({ context, spawn }, params: { period?: number; quantity?: string }) => {
      const ticket = spawn('contract', { id: `ticket-${context.opened}`, input: { symbol: context.symbol, period: params.period, quantity: params.quantity } }) as SecondsContractActorRef;
      spawn('ticketWatch', { id: watchId(ticket.id), input: { ticket } });
      return { tickets: [ticket, ...context.tickets], opened: context.opened + 1 };
    }),
    /**
     * Cards for the contracts bought before this page (a reload, another tab), after the form and
     * before the cards bought here: a trader who reloads still sees the money at stake count down.
     */
    resumeCards: assign(({ context, spawn }, params: OpenContracts) => {
      const shown = new Set(context.levels.map((l) => l.id));
      const resumed = params.contracts.filter((c) => c.status === 1 && !shown.has(c.id)).sort((a, b) => b.accepted_at - a.accepted_at).slice(0, MAX_CARDS);
      const cards = resumed.map((contract) => {
        const ticket = spawn('contract', { id: `resumed-${contract.id}`, input: { symbol: context.symbol, resumed: { contract, offset: params.offset } } }) as SecondsContractActorRef;
        spawn('ticketWatch', { id: watchId(ticket.id), input: { ticket } });
        return ticket;
      });
      const levels = cards.map((ticket, i) => ({ ticketId: ticket.id, id: resumed[i]!.id, direction: resumed[i]!.direction, price: resumed[i]!.buy_price }));
      const [form, ...rest] = context.tickets;
      return { tickets: [form!, ...cards, ...rest], levels: [...context.levels, ...levels] };
    }),
    addLevel: assign({ levels: ({ context }, params: { level?: SecondsLevel }) => (params.level ? [params.level, ...context.levels] : context.levels) }),
    dropLevel: assign({ levels: ({ context }, params: { id: string }) => context.levels.filter((l) => l.ticketId !== params.id) }),
    /** The cards beyond MAX_CARDS stop (their polls, clocks and watches with them) ... */
    stopOldCards: enqueueActions(({ context, enqueue }) => {
      for (const dropped of context.tickets.slice(1 + MAX_CARDS)) {
        enqueue.stopChild(dropped);
        enqueue.stopChild(watchId(dropped.id));
      }
    }),
    /** ... and leave the list (and the chart). */
    forgetOldCards: assign(({ context }) => {
      const kept = context.tickets.slice(0, 1 + MAX_CARDS);
      return { tickets: kept, levels: context.levels.filter((l) => kept.some((t) => t.id === l.ticketId)) };
    }),
  },
  guards: {
    isTheForm: ({ context }, params: { id: string }) => context.tickets[0]?.id === params.id,
  },
}).createMachine({
  id: 'secondsDesk',
  context: ({ input }) => ({ symbol: input.symbol, tickets: [], levels: [], opened: 0, resumeFailed: false }),
  entry: { type: 'openTicket', params: {} },
  initial: 'open',
  states: {
    open: {
      invoke: {
        id: 'loadOpen',
        src: 'loadOpen',
        input: ({ context }) => ({ symbol: context.symbol }),
        onDone: { actions: [{ type: 'resumeCards', params: ({ event }) => event.output }, 'stopOldCards', 'forgetOldCards'] },
        onError: {
          actions: assign({ resumeFailed: true }),
          description: 'Not read (a network fault): the page works with the cards bought here, and says the earlier ones are in the orders.',
        },
      },
      on: {
        'desk.bought': {
          guard: { type: 'isTheForm', params: ({ event }) => ({ id: event.id }) },
          actions: [
            { type: 'addLevel', params: ({ event }) => ({ level: event.level }) },
            { type: 'openTicket', params: ({ event }) => ({ period: event.period, quantity: event.quantity }) },
            'stopOldCards',
            'forgetOldCards',
          ],
          description: 'The form became a card: its level on the chart, a fresh form with the same period and stake, the oldest card beyond the limit stops.',
        },
        'desk.ended': { actions: { type: 'dropLevel', params: ({ event }) => ({ id: event.id }) }, description: 'Settled or given up: off the chart.' },
      },
    },
  },
});

export type SecondsDeskActorRef = ActorRefFrom<typeof secondsDeskMachine>;
