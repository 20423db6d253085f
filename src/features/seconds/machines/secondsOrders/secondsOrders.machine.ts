import { assign, fromCallback, sendTo, setup, type ActorRefFrom, type EventObject } from 'xstate';
import type { SecondsAccount, SecondsContract } from '../../../../../domain/seconds';
import type { RecordDays } from '../../../../../domain/wallet';
import { pagedListMachine, type PagedListInput } from '../../../../app/machines/pagedList/pagedList.machine';

export type SecondsOrdersMode = 'current' | 'history';

/** The contracts list's filter, kept by the shared paged list: open or settled, and the 3/7/30-day preset (history). */
export interface SecondsOrdersFilter {
  mode: SecondsOrdersMode;
  days: RecordDays;
}

/** What a read answers beside the page (the list's `extra`): for open contracts, the account they are held in. */
export interface SecondsOrdersExtra {
  offset: number;
  account?: SecondsAccount;
}

export type SecondsOrdersEvent = { type: 'ticket.pushed'; contract: SecondsContract };

export interface SecondsOrdersContext {
  /** Local clock at the last tick (the open contracts' countdown column). */
  now: number;
  list: PagedListInput<SecondsOrdersFilter>;
}

/**
 * /order/sec-current and /order/sec-history (spec §2, §3, §9): the contracts are the shared paged
 * list (`list` child: 3/7/30-day presets and paging on history, the account with the open ones);
 * this machine adds the clock of the countdown column (`tick`) and turns any pushed change of the
 * trader's contracts into the list's `list.pushed` (read again after its `settle`, so a burst is one read).
 */
export const secondsOrdersMachine = setup({
  types: {
    context: {} as SecondsOrdersContext,
    events: {} as SecondsOrdersEvent,
    input: {} as { mode: SecondsOrdersMode; size?: number },
  },
  actors: {
    list: pagedListMachine,
    contractUpdates: fromCallback<EventObject>(() => () => undefined),
  },
  actions: {
    tickClock: assign({ now: () => Date.now() }),
  },
  delays: { tick: 1000 },
}).createMachine({
  id: 'secondsOrders',
  context: ({ input }) => ({ now: 0, list: { filter: { mode: input.mode, days: 7 }, ...(input.size ? { size: input.size } : {}) } }),
  invoke: [
    { id: 'list', src: 'list', input: ({ context }) => context.list },
    { id: 'contractUpdates', src: 'contractUpdates' },
  ],
  on: {
    'ticket.pushed': { actions: sendTo('list', { type: 'list.pushed' }) },
  },
  initial: 'ticking',
  states: {
    ticking: {
      entry: 'tickClock',
      after: { tick: { target: 'ticking', reenter: true } },
    },
  },
});

export type SecondsOrdersActorRef = ActorRefFrom<typeof secondsOrdersMachine>;
