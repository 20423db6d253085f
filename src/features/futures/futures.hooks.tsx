import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import type { AnyActorRef } from 'xstate';
import type { Pair } from '../../../domain/api';
import { ShellContext } from '../../app/views/hooks';
import { selectPairs } from '../../app/machines/app/app.selectors';
import { FuturesContext } from './futures.context';
import type { RecordDays } from '../../../domain/wallet';
import type { FuturesRecordsExtra, FuturesRecordsFilter, futuresRecordsMachine, FuturesRecordsMode } from './machines/futuresRecords/futuresRecords.machine';
import { useListChild, usePagedListOf } from '../../app/views/usePagedList';
import type { FuturesDeskActorRef, futuresDeskMachine } from './machines/futuresDesk/futuresDesk.machine';
import { selectFundingIn } from './machines/futuresDesk/futuresDesk.selectors';
import type { futuresOrderFormMachine } from './machines/futuresOrderForm/futuresOrderForm.machine';
import type { FormTab } from './machines/futuresOrderForm/orderFormFields';
import type { marginDialogMachine } from './machines/marginDialog/marginDialog.machine';
import { liquidationAfter, marginLimit } from './machines/marginDialog/marginDialog.machine';
import type { LeverageBracket } from '../../../domain/futures/brackets';
import type { leverageDialogMachine } from './machines/leverageDialog/leverageDialog.machine';
import type { CloseTarget, closeDialogMachine } from './machines/closeDialog/closeDialog.machine';
import type { tpslDialogMachine } from './machines/tpslDialog/tpslDialog.machine';
import type { FuturesAction, FuturesOrder, FuturesPlan, FuturesPosition, MarginAdjustment, MarginMode } from '../../../domain/futures/api';
import type { futuresDetailMachine, FuturesDetailTarget } from './machines/futuresDetail/futuresDetail.machine';
import * as detail from './machines/futuresDetail/futuresDetail.selectors';

/** The futures flows, supplied with their effects in futures.flows.ts. */
export interface FuturesFlows {
  records: typeof futuresRecordsMachine;
  detail: typeof futuresDetailMachine;
  desk: typeof futuresDeskMachine;
  orderForm: typeof futuresOrderFormMachine;
  leverage: typeof leverageDialogMachine;
  close: typeof closeDialogMachine;
  tpsl: typeof tpslDialogMachine;
  margin: typeof marginDialogMachine;
}

/** The trade page's desk for one pair (the caller keys it by pair and session). */
export function useFuturesDesk(symbol: string) {
  const flows = FuturesContext.use();
  const ref = useActorRef(flows.desk, { input: { symbol } });
  const data = useSelector(ref, (s) => s.context.data);
  const failed = useSelector(ref, (s) => s.matches('failed'));
  // The questions before an order or a plan is cancelled: the desk's confirm-then-act children.
  const cancelOrderQuestion = useSelector(ref, (s) => s.children.cancelOrder);
  const cancelPlanQuestion = useSelector(ref, (s) => s.children.cancelPlan);
  const senders = useMemo(
    () => ({
      retry: () => ref.send({ type: 'desk.retry' }),
      cancelOrder: (id: number) => ref.send({ type: 'desk.cancelOrder', id }),
      cancelPlan: (id: number) => ref.send({ type: 'desk.cancelPlan', id }),
    }),
    [ref],
  );
  return { ref, data, failed, cancelOrderQuestion, cancelPlanQuestion, ...senders };
}

/** Seconds to the next funding, from the desk's countdown child (only the stats bar re-renders each second). */
export function useFundingCountdown(desk: FuturesDeskActorRef): number | undefined {
  return useSelector(desk, selectFundingIn);
}

/** The order form of one pair, reporting to the desk. */
export function useFuturesOrderForm(input: { symbol: string; pricePrecision: number; amountPrecision: number; desk: FuturesDeskActorRef }) {
  const flows = FuturesContext.use();
  const ref = useActorRef(flows.orderForm, { input: { symbol: input.symbol, pricePrecision: input.pricePrecision, amountPrecision: input.amountPrecision, replyTo: input.desk } });
  const fields = useSelector(ref, (s) => s.context);
  const confirming = useSelector(ref, (s) => s.matches('confirming'));
  const submitting = useSelector(ref, (s) => s.matches('submitting'));
  const senders = useMemo(
    () => ({
      setType: (orderType: 'limit' | 'market') => ref.send({ type: 'form.type', orderType }),
      setPrice: (value: string) => ref.send({ type: 'form.price', value }),
      setQuantity: (value: string) => ref.send({ type: 'form.quantity', value }),
      setPercent: (percent: number, max: string) => ref.send({ type: 'form.percent', percent, max }),
      setTakeProfit: (value: string) => ref.send({ type: 'form.takeProfit', value }),
      setStopLoss: (value: string) => ref.send({ type: 'form.stopLoss', value }),
      lastPrice: (price: string) => ref.send({ type: 'form.lastPrice', price }),
      setTab: (tab: FormTab) => ref.send({ type: 'form.tab', tab }),
      setReduceOnly: (value: boolean) => ref.send({ type: 'form.reduceOnly', value }),
      submit: (action: FuturesAction) => ref.send({ type: 'form.submit', action }),
      confirm: () => ref.send({ type: 'form.confirm' }),
      cancel: () => ref.send({ type: 'form.cancel' }),
    }),
    [ref],
  );
  return { fields, confirming, submitting, ...senders };
}

export function useLeverageDialog(symbol: string, desk: FuturesDeskActorRef) {
  const flows = FuturesContext.use();
  const ref = useActorRef(flows.leverage, { input: { symbol, replyTo: desk } });
  const context = useSelector(ref, (s) => s.context);
  const open = useSelector(ref, (s) => !s.matches('closed'));
  const saving = useSelector(ref, (s) => s.matches('saving'));
  const senders = useMemo(
    () => ({
      show: (leverage: number, marginMode: MarginMode, max: number) => ref.send({ type: 'leverage.open', leverage, marginMode, max }),
      setLeverage: (value: number) => ref.send({ type: 'leverage.set', value }),
      setMode: (mode: MarginMode) => ref.send({ type: 'leverage.mode', mode }),
      save: () => ref.send({ type: 'leverage.save' }),
      close: () => ref.send({ type: 'leverage.close' }),
    }),
    [ref],
  );
  return { ...context, open, saving, ...senders };
}

/** The close dialog; what it changes is reported (`desk.refresh`) to `replyTo`: the trade page's desk, the u-hold list or the position detail. */
export function useCloseDialog(replyTo: AnyActorRef) {
  const flows = FuturesContext.use();
  const ref = useActorRef(flows.close, { input: { replyTo } });
  const context = useSelector(ref, (s) => s.context);
  const state = useSelector(ref, (s) => s.value as 'closed' | 'editing' | 'confirming' | 'closing' | 'confirmingFlash' | 'flashing');
  const senders = useMemo(
    () => ({
      open: (target: CloseTarget) => ref.send({ type: 'close.open', ...target }),
      flash: (target: CloseTarget) => ref.send({ type: 'close.flash', ...target }),
      setType: (orderType: 'limit' | 'market') => ref.send({ type: 'close.type', orderType }),
      setPrice: (value: string) => ref.send({ type: 'close.price', value }),
      setQuantity: (value: string) => ref.send({ type: 'close.quantity', value }),
      setPercent: (percent: number) => ref.send({ type: 'close.percent', percent }),
      submit: () => ref.send({ type: 'close.submit' }),
      confirm: () => ref.send({ type: 'close.confirm' }),
      cancel: () => ref.send({ type: 'close.cancel' }),
    }),
    [ref],
  );
  return { ...context, state, ...senders };
}

/** The isolated margin dialog (add / remove, with the new liquidation price); reports `desk.refresh` to `replyTo`. */
export function useMarginDialog(replyTo: AnyActorRef) {
  const flows = FuturesContext.use();
  const ref = useActorRef(flows.margin, { input: { replyTo } });
  const context = useSelector(ref, (s) => s.context);
  const state = useSelector(ref, (s) => s.value as 'closed' | 'editing' | 'saving');
  const limit = useSelector(ref, (s) => marginLimit(s.context));
  const liquidation = useSelector(ref, (s) => liquidationAfter(s.context));
  const senders = useMemo(
    () => ({
      open: (position: FuturesPosition, brackets: readonly LeverageBracket[], available: string) => ref.send({ type: 'margin.open', position, brackets, available }),
      setType: (value: MarginAdjustment) => ref.send({ type: 'margin.type', value }),
      setAmount: (value: string) => ref.send({ type: 'margin.amount', value }),
      save: () => ref.send({ type: 'margin.save' }),
      close: () => ref.send({ type: 'margin.close' }),
    }),
    [ref],
  );
  return { ...context, state, limit, liquidation, ...senders };
}

/** The TP/SL dialog; what it sets is reported (`desk.refresh`) to `replyTo`, as the close dialog's. */
export function useTpslDialog(replyTo: AnyActorRef) {
  const flows = FuturesContext.use();
  const ref = useActorRef(flows.tpsl, { input: { replyTo } });
  const context = useSelector(ref, (s) => s.context);
  const state = useSelector(ref, (s) => s.value as 'closed' | 'editing' | 'confirming' | 'submitting');
  const senders = useMemo(
    () => ({
      open: (symbol: string, pricePrecision: number) => ref.send({ type: 'tpsl.open', symbol, pricePrecision }),
      setBy: (by: 'price' | 'roe') => ref.send({ type: 'tpsl.by', by }),
      setTriggerBy: (triggerBy: 'mark' | 'last') => ref.send({ type: 'tpsl.triggerBy', triggerBy }),
      setTakeProfit: (value: string) => ref.send({ type: 'tpsl.takeProfit', value }),
      setStopLoss: (value: string) => ref.send({ type: 'tpsl.stopLoss', value }),
      submit: () => ref.send({ type: 'tpsl.submit' }),
      confirm: () => ref.send({ type: 'tpsl.confirm' }),
      cancel: () => ref.send({ type: 'tpsl.cancel' }),
    }),
    [ref],
  );
  return { ...context, state, ...senders };
}

/**
 * A position's close, flash close and TP/SL (the trade page's cards, /order/u-hold, u-position):
 * the dialogs, reporting to `replyTo` (the list or the detail, which then read again), and the
 * pair (precision, currencies) of a position's symbol from the app's pairs.
 */
export function usePositionActions(replyTo: AnyActorRef) {
  const close = useCloseDialog(replyTo);
  const tpsl = useTpslDialog(replyTo);
  const pairOf = useFuturesPairOf();
  // What the buttons send: the dialog for the position's pair, with its precisions.
  const handlers = useMemo(() => {
    const target = (p: FuturesPosition) => {
      const pair = pairOf(p.symbol);
      return { symbol: p.symbol, closable: p.closable, pricePrecision: pair.price_precision, amountPrecision: pair.amount_precision };
    };
    return {
      onTpsl: (p: FuturesPosition) => tpsl.open(p.symbol, pairOf(p.symbol).price_precision),
      onClose: (p: FuturesPosition) => close.open(target(p)),
      onFlash: (p: FuturesPosition) => close.flash(target(p)),
    };
  }, [pairOf, close.open, close.flash, tpsl.open]);
  return { close, tpsl, pairOf, ...handlers };
}

/** The pair of a futures symbol from the app's pairs: its precisions format the symbol's prices and quantities. */
export function useFuturesPairOf(): (symbol: string) => Pair {
  const pairs = useSelector(ShellContext.use().app, selectPairs);
  return useCallback((symbol: string): Pair => pairOfSymbol(pairs, symbol), [pairs]);
}

/** The pair of a futures symbol (BTC_USDT); one the app does not list yet gets the currencies from the symbol and common precisions. */
export function pairOfSymbol(pairs: readonly Pair[], symbol: string): Pair {
  const [left = '', right = ''] = symbol.toUpperCase().split('_');
  const found = pairs.find((p) => p.left_symbol.toUpperCase() === left && p.right_symbol.toUpperCase() === right);
  return found ?? { left_symbol: left, right_symbol: right, is_hot: 0, trade_status: 0, contract_status: 1, price_precision: 2, amount_precision: 4, min_quantity: '0', min_notional: '0' };
}

/** /order/u-current, u-history, u-plan, u-hold and /wallet/contract. */
const NO_ROWS: never[] = [];
/** A records page's row: which of these is the mode's (orders, plans or positions). */
type FuturesRecord = FuturesOrder | FuturesPlan | FuturesPosition;

export function useFuturesRecords(mode: FuturesRecordsMode) {
  const flows = FuturesContext.use();
  const ref = useActorRef(flows.records, { input: { mode } });
  // The questions before an order or a plan is cancelled: the machine's confirm-then-act children.
  const cancelOrderQuestion = useSelector(ref, (s) => s.children.cancelOrder);
  const cancelPlanQuestion = useSelector(ref, (s) => s.children.cancelPlan);
  // The records: the machine's `list` child, the shared paged list.
  const list = usePagedListOf(useListChild<FuturesRecordsFilter, FuturesRecord, FuturesRecordsExtra>(ref));
  const { page, size, total, failed, reload: retry } = list;
  // The first read only: a later one keeps the shown rows and figures on screen.
  const loading = list.firstLoad;
  const senders = useMemo(
    () => ({
      setDays: (days: RecordDays) => list.setFilter({ days }),
      setPage: list.setPage,
      cancelOrder: (id: number) => ref.send({ type: 'records.cancelOrder', id }),
      cancelPlan: (id: number) => ref.send({ type: 'records.cancelPlan', id }),
    }),
    [ref, list.setFilter, list.setPage],
  );
  const { days } = list.filter;
  // The mode chose the call, so it tells which of the union the rows are.
  const orders = mode === 'current' || mode === 'history' ? (list.rows as FuturesOrder[]) : NO_ROWS;
  const plans = mode === 'plans' ? (list.rows as FuturesPlan[]) : NO_ROWS;
  const account = list.extra;
  return { ref, mode, days, page, size, total, orders, plans, account, cancelOrderQuestion, cancelPlanQuestion, loading, failed, retry, ...senders };
}

/** /order/u-detail/{id} and /order/u-hold/{symbol} (the caller keys it by target). */
export function useFuturesDetail(target: FuturesDetailTarget) {
  const flows = FuturesContext.use();
  const ref = useActorRef(flows.detail, { input: { target } });
  const order = useSelector(ref, detail.selectOrder);
  const orderYield = useSelector(ref, detail.selectOrderYield);
  const position = useSelector(ref, detail.selectPosition);
  const averagePositionPrice = useSelector(ref, detail.selectPositionAveragePrice);
  const openOrders = useSelector(ref, detail.selectOpenOrders);
  const pastOrders = useSelector(ref, detail.selectPastOrders);
  const loaded = useSelector(ref, detail.selectLoaded);
  const failed = useSelector(ref, detail.selectFailed);
  const retry = useMemo(() => () => ref.send({ type: 'detail.retry' }), [ref]);
  return { ref, order, orderYield, position, averagePositionPrice, openOrders, pastOrders, loaded, failed, retry };
}

export { FuturesContext };
