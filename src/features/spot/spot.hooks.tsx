import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { SpotContext } from './spot.context';
import type { OrderSide, SpotOrder, SpotStop, SpotTimeInForce } from '../../../domain/spotOrders';
import type { FormOrderType } from './machines/orderForm/orderFields';
import type { RecordDays } from '../../../domain/wallet';
import type { OrderFormInput, orderFormMachine } from './machines/orderForm/orderForm.machine';
import * as form from './machines/orderForm/orderForm.selectors';
import type { openOrdersMachine, OpenOrdersInput } from './machines/orders/openOrders.machine';
import type { openStopsMachine, OpenStopsInput } from './machines/orders/openStops.machine';
import type { orderDetailMachine } from './machines/orders/orderDetail.machine';
import type { OrderHistoryFilter, OrderHistoryInput } from './machines/orders/orderHistory.machine';
import type { TypedPagedList } from '../../app/machines/pagedList/pagedList.typed';
import { usePagedList } from '../../app/views/usePagedList';
import { useActorFlow, signals } from '../../app/views/actorFlow';
import type { ConfirmActActorRef } from '../../app/machines/confirmAct/confirmAct.machine';
import type { statementExportMachine } from '../../app/machines/statementExport/statementExport.machine';
import { useStatementExport } from '../../app/views/useStatementExport';

/**
 * Spot trading's flows, supplied with their effects in spot/feature.tsx (API calls, the
 * user stream, toasts, the idempotency key). Each panel or page starts its own actor from them,
 * so a form or list lives exactly as long as it is on screen.
 */
export interface SpotFlows {
  orderForm: typeof orderFormMachine;
  openOrders: typeof openOrdersMachine;
  openStops: typeof openStopsMachine;
  orderHistory: TypedPagedList<OrderHistoryFilter, SpotOrder>;
  /** Stops that are over: cancelled, failed, or triggered with their order finished (issue 50 M11). */
  stopHistory: TypedPagedList<OrderHistoryFilter, SpotStop>;
  orderDetail: typeof orderDetailMachine;
  fillsStatement: typeof statementExportMachine;
}

const useSpot = SpotContext.use;

/** The order form of the pair on screen (the caller keys it by pair, so a new pair starts afresh); it follows the page's last price (`prices`). */
export function useOrderForm(input: OrderFormInput) {
  return useActorFlow(
    useActorRef(useSpot().orderForm, { input }),
    {
      fields: form.selectFields,
      submitting: form.selectSubmitting,
      accountLoading: form.selectAccountLoading,
      accountFailed: form.selectAccountFailed,
      available: form.selectAvailable,
      fee: form.selectFee,
      minimum: form.selectMinimum,
    },
    {
      setSide: (side: OrderSide) => ({ type: 'form.side', side }),
      setType: (orderType: FormOrderType) => ({ type: 'form.type', orderType }),
      setPrice: (value: string) => ({ type: 'form.price', value }),
      setTrigger: (value: string) => ({ type: 'form.trigger', value }),
      setLimitPrice: (value: string) => ({ type: 'form.limitPrice', value }),
      setTimeInForce: (timeInForce: SpotTimeInForce) => ({ type: 'form.timeInForce', timeInForce }),
      setQuantity: (value: string) => ({ type: 'form.quantity', value }),
      setAmount: (value: string) => ({ type: 'form.amount', value }),
      setPercent: (percent: number) => ({ type: 'form.percent', percent }),
      pickPrice: (price: string) => ({ type: 'form.pickPrice', price }),
      ...signals('form', ['submit', 'retry']),
    },
  );
}

/** The paging a current list (open orders, waiting stops) shows beside its rows, and whether its read failed. */
const listPage = {
  total: (s: { context: { total: number } }) => s.context.total,
  page: (s: { context: { page: number } }) => s.context.page,
  size: (s: { context: { size: number } }) => s.context.size,
  loadFailed: (s: { matches: (state: 'loadFailed') => boolean }) => s.matches('loadFailed'),
};

/** Whether a list's confirm-then-act child is cancelling (the rows' cancel buttons wait meanwhile). */
function useCancelling(question: ConfirmActActorRef | undefined) {
  return useSelector(question, (s) => s?.matches('acting') ?? false);
}

/** Open orders: a page of them, live; `question` asks before one is cancelled (the machine's `cancelOrder` child). */
export function useOpenOrders(input: OpenOrdersInput) {
  const flow = useActorFlow(
    useActorRef(useSpot().openOrders, { input }),
    { ...listPage, orders: (s) => s.context.orders, symbol: (s) => s.context.symbol, loading: (s) => s.matches('loading'), question: (s) => s.children.cancelOrder },
    {
      filter: (symbol: string | undefined) => ({ type: 'orders.filter', symbol }),
      goToPage: (page: number) => ({ type: 'orders.page', page }),
      revoke: (id: number) => ({ type: 'orders.revoke', id }),
      retry: () => ({ type: 'orders.retry' }),
    },
  );
  return { ...flow, cancelling: useCancelling(flow.question) };
}

/** Waiting stops: a page of them, read again as the private channel moves; `question` asks before one is cancelled (`cancelStop`). */
export function useOpenStops(input: OpenStopsInput) {
  const flow = useActorFlow(
    useActorRef(useSpot().openStops, { input }),
    { ...listPage, stops: (s) => s.context.stops, question: (s) => s.children.cancelStop },
    {
      filter: (symbol: string | undefined) => ({ type: 'stops.filter', symbol }),
      goToPage: (page: number) => ({ type: 'stops.page', page }),
      revoke: (id: number) => ({ type: 'stops.revoke', id }),
      retry: () => ({ type: 'stops.retry' }),
    },
  );
  return { ...flow, cancelling: useCancelling(flow.question) };
}

/** A spot history list with its pair and day filters (orders or stops: the same calls, the same controls). */
function useHistoryList<R>(machine: TypedPagedList<OrderHistoryFilter, R>, input: OrderHistoryInput) {
  const filter: OrderHistoryFilter = { symbol: input.symbol, days: input.days ?? 7 };
  const list = usePagedList(machine, { filter, size: input.size });
  const { rows, total, page, size, loading, failed: loadFailed } = list;
  const state = { rows, total, page, size, days: list.filter.days, symbol: list.filter.symbol, loading, loadFailed };
  const send = useMemo(
    () => ({
      filter: (symbol: string | undefined) => list.setFilter({ symbol }),
      setDays: (days: RecordDays) => list.setFilter({ days }),
      goToPage: list.setPage,
      retry: list.reload,
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- list's setFilter, setPage and reload are stable; the list object itself is new on every render
    [list.setFilter, list.setPage, list.reload],
  );
  return { ...state, ...send };
}

export function useOrderHistory(input: OrderHistoryInput) {
  const { rows: orders, ...rest } = useHistoryList(useSpot().orderHistory, input);
  return { orders, ...rest };
}

/** /order/spot-history's stop orders that are over (issue 50 M11), with the same pair and day filters as the orders. */
export function useStopHistory(input: OrderHistoryInput) {
  const { rows: stops, ...rest } = useHistoryList(useSpot().stopHistory, input);
  return { stops, ...rest };
}

/** /order/spot-history's statement: the user's fills of a period as a CSV file. */
export const useFillsStatement = () => useStatementExport(useSpot().fillsStatement);

export function useOrderDetail(id: number) {
  return useActorFlow(
    useActorRef(useSpot().orderDetail, { input: { id } }),
    { detail: (s) => s.context.detail, loading: (s) => s.matches('loading'), loadFailed: (s) => s.matches('loadFailed') },
    { retry: () => ({ type: 'detail.retry' }) },
  );
}
