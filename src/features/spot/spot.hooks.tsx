import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { SpotContext } from './spot.context';
import type { OrderSide, SpotOrder, SpotTimeInForce } from '../../../domain/spotOrders';
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
  orderDetail: typeof orderDetailMachine;
}

const useSpot = SpotContext.use;

/** The order form of the pair on screen (the caller keys it by pair, so a new pair starts afresh). */
export function useOrderForm(input: OrderFormInput) {
  const actor = useActorRef(useSpot().orderForm, { input });
  const state = {
    fields: useSelector(actor, form.selectFields),
    submitting: useSelector(actor, form.selectSubmitting),
    accountLoading: useSelector(actor, form.selectAccountLoading),
    accountFailed: useSelector(actor, form.selectAccountFailed),
    available: useSelector(actor, form.selectAvailable, (a, b) => a.value === b.value && a.currency === b.currency),
    fee: useSelector(actor, form.selectFee, (a, b) => JSON.stringify(a) === JSON.stringify(b)),
    minimum: useSelector(actor, form.selectMinimum, (a, b) => JSON.stringify(a) === JSON.stringify(b)),
  };
  const send = useMemo(
    () => ({
      setSide: (side: OrderSide) => actor.send({ type: 'form.side', side }),
      setType: (orderType: FormOrderType) => actor.send({ type: 'form.type', orderType }),
      setPrice: (value: string) => actor.send({ type: 'form.price', value }),
      setTrigger: (value: string) => actor.send({ type: 'form.trigger', value }),
      setLimitPrice: (value: string) => actor.send({ type: 'form.limitPrice', value }),
      setTimeInForce: (timeInForce: SpotTimeInForce) => actor.send({ type: 'form.timeInForce', timeInForce }),
      setQuantity: (value: string) => actor.send({ type: 'form.quantity', value }),
      setAmount: (value: string) => actor.send({ type: 'form.amount', value }),
      setPercent: (percent: number) => actor.send({ type: 'form.percent', percent }),
      pickPrice: (price: string) => actor.send({ type: 'form.pickPrice', price }),
      lastPrice: (price: string) => actor.send({ type: 'form.lastPrice', price }),
      submit: () => actor.send({ type: 'form.submit' }),
      retry: () => actor.send({ type: 'form.retry' }),
    }),
    [actor],
  );
  return { ...state, ...send };
}

export function useOpenOrders(input: OpenOrdersInput) {
  const actor = useActorRef(useSpot().openOrders, { input });
  const state = {
    orders: useSelector(actor, (s) => s.context.orders),
    total: useSelector(actor, (s) => s.context.total),
    page: useSelector(actor, (s) => s.context.page),
    size: useSelector(actor, (s) => s.context.size),
    symbol: useSelector(actor, (s) => s.context.symbol),
    loading: useSelector(actor, (s) => s.matches('loading')),
    loadFailed: useSelector(actor, (s) => s.matches('loadFailed')),
  };
  // The question before an order is cancelled: the machine's confirm-then-act child.
  const question = useSelector(actor, (s) => s.children.cancelOrder);
  const cancelling = useSelector(question, (s) => s?.matches('acting') ?? false);
  const send = useMemo(
    () => ({
      filter: (symbol: string | undefined) => actor.send({ type: 'orders.filter', symbol }),
      goToPage: (page: number) => actor.send({ type: 'orders.page', page }),
      revoke: (id: number) => actor.send({ type: 'orders.revoke', id }),
      retry: () => actor.send({ type: 'orders.retry' }),
    }),
    [actor],
  );
  return { ...state, question, cancelling, ...send };
}

export function useOpenStops(input: OpenStopsInput) {
  const actor = useActorRef(useSpot().openStops, { input });
  const state = {
    stops: useSelector(actor, (s) => s.context.stops),
    total: useSelector(actor, (s) => s.context.total),
    page: useSelector(actor, (s) => s.context.page),
    size: useSelector(actor, (s) => s.context.size),
    loadFailed: useSelector(actor, (s) => s.matches('loadFailed')),
    confirming: useSelector(actor, (s) => s.matches('confirming')),
    cancelling: useSelector(actor, (s) => s.matches('cancelling')),
  };
  const send = useMemo(
    () => ({
      filter: (symbol: string | undefined) => actor.send({ type: 'stops.filter', symbol }),
      goToPage: (page: number) => actor.send({ type: 'stops.page', page }),
      revoke: (id: number) => actor.send({ type: 'stops.revoke', id }),
      confirm: () => actor.send({ type: 'stops.confirm' }),
      dismiss: () => actor.send({ type: 'stops.dismiss' }),
      retry: () => actor.send({ type: 'stops.retry' }),
    }),
    [actor],
  );
  return { ...state, ...send };
}

export function useOrderHistory(input: OrderHistoryInput) {
  const filter: OrderHistoryFilter = { symbol: input.symbol, days: input.days ?? 7 };
  const list = usePagedList(useSpot().orderHistory, { filter, size: input.size });
  const { rows: orders, total, page, size, loading, failed: loadFailed } = list;
  const state = { orders, total, page, size, days: list.filter.days, symbol: list.filter.symbol, loading, loadFailed };
  const send = useMemo(
    () => ({
      filter: (symbol: string | undefined) => list.setFilter({ symbol }),
      setDays: (days: RecordDays) => list.setFilter({ days }),
      goToPage: list.setPage,
      retry: list.reload,
    }),
    [list.setFilter, list.setPage, list.reload],
  );
  return { ...state, ...send };
}

export function useOrderDetail(id: number) {
  const actor = useActorRef(useSpot().orderDetail, { input: { id } });
  const state = {
    detail: useSelector(actor, (s) => s.context.detail),
    loading: useSelector(actor, (s) => s.matches('loading')),
    loadFailed: useSelector(actor, (s) => s.matches('loadFailed')),
  };
  const retry = useMemo(() => () => actor.send({ type: 'detail.retry' }), [actor]);
  return { ...state, retry };
}
