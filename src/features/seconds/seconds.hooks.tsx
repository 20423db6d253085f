import { useActorRef, useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { useActorFlow, signals } from '../../app/views/actorFlow';
import { useListChild, usePagedListOf } from '../../app/views/usePagedList';
import { SecondsContext } from './seconds.context';
import { useAppFlow } from '../../app/views/hooks';
import type { SecondsContract, SecondsDirection } from '../../../domain/seconds';
import type { RecordDays } from '../../../domain/wallet';
import { remainingMs, stakeProblem, type SecondsContractActorRef, type secondsContractMachine } from './machines/secondsContract/secondsContract.machine';
import type { secondsDeskMachine } from './machines/secondsDesk/secondsDesk.machine';
import type { SecondsOrdersExtra, SecondsOrdersFilter, SecondsOrdersMode, secondsOrdersMachine } from './machines/secondsOrders/secondsOrders.machine';

/** The seconds contracts' flows, supplied with their effects in seconds/feature.tsx. */
export interface SecondsFlows {
  contract: typeof secondsContractMachine;
  /** The trade page's tickets (spawns `contract`s). */
  desk: typeof secondsDeskMachine;
  orders: typeof secondsOrdersMachine;
}


/** Catalogue keys of the outcomes (spec §4: profit, loss or tie). */
export const OUTCOME_KEYS = { win: 'seconds.outcome.win', loss: 'seconds.outcome.loss', draw: 'seconds.outcome.draw' } as const;

/** The switch of docs/API.md: plat_config sys.seconds_contracts (absent means on). */
export function useSecondsEnabled(): boolean {
  return useAppFlow().config?.config.sys.seconds_contracts !== 0;
}

/**
 * The trade page's tickets, from the page's `secondsDesk` actor (started and stopped with the
 * page): the first is the form, the rest are the bought ones' cards, newest first; `levels` are
 * the live contracts' buy prices.
 */
export function useSecondsDesk(symbol: string) {
  const { tickets, levels, resumeFailed } = useActorFlow(
    useActorRef(SecondsContext.use().desk, { input: { symbol } }),
    { tickets: (s) => s.context.tickets, levels: (s) => s.context.levels, resumeFailed: (s) => s.context.resumeFailed },
    {},
  );
  const cards = tickets.slice(1);
  // Issue 50 C7: a settled (or unreadable) contract is no longer open: its card moves to the results.
  const live = new Set(levels.map((l) => l.ticketId));
  return { ticket: tickets[0], cards, openCards: cards.filter((c) => live.has(c.id)), endedCards: cards.filter((c) => !live.has(c.id)), levels, resumeFailed };
}

/** One ticket: its state for the form or card, and senders. */
export function useSecondsTicket(ref: SecondsContractActorRef) {
  const flow = useActorFlow(
    ref,
    {
      value: (s) => s.value,
      loading: (s) => s.matches('loading'),
      loadFailed: (s) => s.matches('loadFailed'),
      loadError: (s) => s.context.loadError,
      choosing: (s) => s.matches('choosing'),
      riskWarning: (s) => s.matches('riskWarning') || s.matches('acknowledging'),
      acknowledging: (s) => s.matches('acknowledging'),
      confirming: (s) => s.matches('confirming'),
      submitting: (s) => s.matches('submitting'),
      countingDown: (s) => s.matches({ live: 'countingDown' }),
      awaiting: (s) => s.matches({ live: 'awaitingSettlement' }),
      failed: (s) => s.matches('failed'),
      settled: (s) => s.matches('settled'),
      context: (s) => s.context,
    },
    {
      choosePeriod: (period: number) => ({ type: 'ticket.period', period }),
      setQuantity: (quantity: string) => ({ type: 'ticket.quantity', quantity }),
      buy: (direction: SecondsDirection) => ({ type: 'ticket.buy', direction }),
      ...signals('ticket', ['acceptRisk', 'confirm', 'cancel', 'retry']),
    },
  );
  const { context } = flow;
  return {
    ...flow,
    period: context.data?.config.periods.find((p) => p.period === context.period),
    remainingSeconds: Math.ceil(remainingMs(context) / 1000),
    problem: flow.choosing ? stakeProblem(context) : undefined,
  };
}

/** /order/sec-current and /order/sec-history: the machine's `list` child (the shared paged list) and the countdown column's clock. */
export function useSecondsOrders(mode: SecondsOrdersMode) {
  const ref = useActorRef(SecondsContext.use().orders, { input: { mode } });
  const now = useSelector(ref, (s) => s.context.now);
  const list = usePagedListOf(useListChild<SecondsOrdersFilter, SecondsContract, SecondsOrdersExtra>(ref));
  const { page, size, rows, total, extra, loading, failed, setPage, setFilter, reload: retry } = list;
  const setDays = useCallback((days: RecordDays) => setFilter({ days }), [setFilter]);
  const { days } = list.filter;
  const { account, offset: serverOffset = 0 }: Partial<SecondsOrdersExtra> = extra ?? {};
  const remaining = (expiresAt: number) => Math.max(0, Math.ceil((expiresAt - (now + serverOffset)) / 1000));
  return { mode, days, page, size, rows, total, now, serverOffset, account, loading, failed, remaining, setDays, setPage, retry };
}

export { SecondsContext };
