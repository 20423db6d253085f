import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { SecondsContext } from './seconds.context';
import { useAppFlow } from '../../app/views/hooks';
import type { SecondsContract, SecondsDirection } from '../../../domain/seconds';
import type { RecordDays } from '../../../domain/wallet';
import { remainingMs, stakeProblem, type SecondsContractActorRef, type secondsContractMachine } from './machines/secondsContract/secondsContract.machine';
import type { secondsDeskMachine } from './machines/secondsDesk/secondsDesk.machine';
import type { SecondsOrdersExtra, SecondsOrdersFilter, SecondsOrdersMode, secondsOrdersMachine } from './machines/secondsOrders/secondsOrders.machine';
import type { PagedListActorRef } from '../../app/machines/pagedList/pagedList.machine';

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
  const flows = SecondsContext.use();
  const desk = useActorRef(flows.desk, { input: { symbol } });
  const tickets = useSelector(desk, (s) => s.context.tickets);
  const levels = useSelector(desk, (s) => s.context.levels);
  return { ticket: tickets[0], cards: tickets.slice(1), levels };
}

/** One ticket: its state for the form or card, and senders. */
export function useSecondsTicket(ref: SecondsContractActorRef) {
  const state = useSelector(ref, (s) => ({
    value: s.value,
    loading: s.matches('loading'),
    loadFailed: s.matches('loadFailed'),
    loadError: s.context.loadError,
    choosing: s.matches('choosing'),
    riskWarning: s.matches('riskWarning') || s.matches('acknowledging'),
    acknowledging: s.matches('acknowledging'),
    confirming: s.matches('confirming'),
    submitting: s.matches('submitting'),
    countingDown: s.matches({ live: 'countingDown' }),
    awaiting: s.matches({ live: 'awaitingSettlement' }),
    failed: s.matches('failed'),
    settled: s.matches('settled'),
  }));
  const context = useSelector(ref, (s) => s.context);
  const senders = useMemo(
    () => ({
      choosePeriod: (period: number) => ref.send({ type: 'ticket.period', period }),
      setQuantity: (quantity: string) => ref.send({ type: 'ticket.quantity', quantity }),
      buy: (direction: SecondsDirection) => ref.send({ type: 'ticket.buy', direction }),
      acceptRisk: () => ref.send({ type: 'ticket.acceptRisk' }),
      confirm: () => ref.send({ type: 'ticket.confirm' }),
      cancel: () => ref.send({ type: 'ticket.cancel' }),
      retry: () => ref.send({ type: 'ticket.retry' }),
    }),
    [ref],
  );
  const period = context.data?.config.periods.find((p) => p.period === context.period);
  return {
    ...state,
    ...senders,
    context,
    period,
    remainingSeconds: Math.ceil(remainingMs(context) / 1000),
    problem: state.choosing ? stakeProblem(context) : undefined,
  };
}

/** /order/sec-current and /order/sec-history. */
export function useSecondsOrders(mode: SecondsOrdersMode) {
  const flows = SecondsContext.use();
  const ref = useActorRef(flows.orders, { input: { mode } });
  const now = useSelector(ref, (s) => s.context.now);
  // The contracts themselves: the machine's `list` child, the shared paged list.
  const list = useSelector(ref, (s) => s.children.list as PagedListActorRef);
  const { filter, page, size, rows, total, extra } = useSelector(list, (s) => s.context);
  const loading = useSelector(list, (s) => s.matches('loading'));
  const failed = useSelector(list, (s) => s.matches('failed'));
  const senders = useMemo(
    () => ({
      setDays: (days: RecordDays) => list.send({ type: 'list.filter', filter: { days } }),
      setPage: (page: number) => list.send({ type: 'list.page', page }),
      retry: () => list.send({ type: 'list.reload' }),
    }),
    [list],
  );
  const { days } = filter as SecondsOrdersFilter;
  const { account, offset: serverOffset = 0 } = (extra ?? {}) as Partial<SecondsOrdersExtra>;
  const remaining = (expiresAt: number) => Math.max(0, Math.ceil((expiresAt - (now + serverOffset)) / 1000));
  return { mode, days, page, size, rows: rows as SecondsContract[], total, now, serverOffset, account, loading, failed, remaining, ...senders };
}

export { SecondsContext };
