import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { useActorFlow, signals } from '../../app/views/actorFlow';
import type { LastPriceSource } from '../../app/machines/lastPrice/lastPrice';
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
import type { FormTab, HeldPosition } from './machines/futuresOrderForm/orderFormFields';
import type { marginDialogMachine } from './machines/marginDialog/marginDialog.machine';
import { liquidationAfter, liquidationBeyondMark, marginLimit, typedProblem } from './machines/marginDialog/marginDialog.machine';
import type { LeverageBracket } from '../../../domain/futures/brackets';
import type { leverageDialogMachine } from './machines/leverageDialog/leverageDialog.machine';
import type { CloseTarget, closeDialogMachine } from './machines/closeDialog/closeDialog.machine';
import { stopBeyondLiquidation, triggerPrices, type tpslDialogMachine } from './machines/tpslDialog/tpslDialog.machine';
import type { FuturesAction, FuturesOrder, FuturesPlan, FuturesPosition, MarginAdjustment, MarginMode } from '../../../domain/futures/api';
import type { futuresDetailMachine, FuturesDetailTarget } from './machines/futuresDetail/futuresDetail.machine';
import * as detail from './machines/futuresDetail/futuresDetail.selectors';
import type { statementExportMachine } from '../../app/machines/statementExport/statementExport.machine';
import { useStatementExport } from '../../app/views/useStatementExport';

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
  ordersStatement: typeof statementExportMachine;
}

/** /order/u-history's statement: the finished orders that traded, of a period, as a CSV file. */
export const useFuturesStatement = () => useStatementExport(FuturesContext.use().ordersStatement);

/** The trade page's desk for one pair (the caller keys it by pair and session). */
export function useFuturesDesk(symbol: string) {
  const ref = useActorRef(FuturesContext.use().desk, { input: { symbol } });
  const flow = useActorFlow(
    ref,
    {
      data: (s) => s.context.data,
      failed: (s) => s.matches('failed'),
      // The questions before an order or a plan is cancelled: the desk's confirm-then-act children.
      cancelOrderQuestion: (s) => s.children.cancelOrder,
      cancelPlanQuestion: (s) => s.children.cancelPlan,
    },
    {
      retry: () => ({ type: 'desk.retry' }),
      cancelOrder: (id: number) => ({ type: 'desk.cancelOrder', id }),
      cancelPlan: (id: number) => ({ type: 'desk.cancelPlan', id }),
    },
  );
  return { ref, ...flow };
}

/** The trade page's desk as its panels read it. */
export type Desk = ReturnType<typeof useFuturesDesk>;

/** Seconds to the next funding, from the desk's countdown child (only the stats bar re-renders each second). */
export function useFundingCountdown(desk: FuturesDeskActorRef): number | undefined {
  return useSelector(desk, selectFundingIn);
}

/** The order form of one pair, reporting to the desk; its untouched price follows the page's last price (`prices`). */
export function useFuturesOrderForm(input: { symbol: string; pricePrecision: number; amountPrecision: number; desk: FuturesDeskActorRef; prices?: LastPriceSource }) {
  const { desk, ...pair } = input;
  const ref = useActorRef(FuturesContext.use().orderForm, { input: { ...pair, replyTo: desk } });
  return useActorFlow(
    ref,
    { fields: (s) => s.context, confirming: (s) => s.matches('confirming'), submitting: (s) => s.matches('submitting') },
    {
      setType: (orderType: 'limit' | 'market') => ({ type: 'form.type', orderType }),
      setPrice: (value: string) => ({ type: 'form.price', value }),
      setQuantity: (value: string) => ({ type: 'form.quantity', value }),
      setPercent: (percent: number, max: string) => ({ type: 'form.percent', percent, max }),
      setTakeProfit: (value: string) => ({ type: 'form.takeProfit', value }),
      setStopLoss: (value: string) => ({ type: 'form.stopLoss', value }),
      setTab: (tab: FormTab) => ({ type: 'form.tab', tab }),
      setReduceOnly: (value: boolean) => ({ type: 'form.reduceOnly', value }),
      submit: (action: FuturesAction, held?: HeldPosition, mark?: string) => ({ type: 'form.submit', action, held, mark }),
      ...signals('form', ['confirm', 'cancel']),
    },
  );
}

/** A dialog's flow with its machine's context spread at the top, as its view reads the fields. */
function spreadContext<T extends { context: object }>({ context, ...rest }: T): T['context'] & Omit<T, 'context'> {
  return { ...context, ...rest };
}

export function useLeverageDialog(symbol: string, desk: FuturesDeskActorRef) {
  const ref = useActorRef(FuturesContext.use().leverage, { input: { symbol, replyTo: desk } });
  const flow = useActorFlow(
    ref,
    { context: (s) => s.context, open: (s) => !s.matches('closed'), saving: (s) => s.matches('saving') },
    {
      show: (leverage: number, marginMode: MarginMode, max: number) => ({ type: 'leverage.open', leverage, marginMode, max }),
      setLeverage: (value: number) => ({ type: 'leverage.set', value }),
      setMode: (mode: MarginMode) => ({ type: 'leverage.mode', mode }),
      ...signals('leverage', ['save', 'close']),
    },
  );
  return spreadContext(flow);
}

/**
 * The close dialog; what it changes is reported (`desk.refresh`) to `replyTo`: the trade page's
 * desk, the u-hold list or the position detail. `question` is its confirm-then-act child, which
 * asks before a close or a flash close is sent (`asking` while it does).
 */
export function useCloseDialog(replyTo: AnyActorRef) {
  const ref = useActorRef(FuturesContext.use().close, { input: { replyTo } });
  const flow = useActorFlow(
    ref,
    { context: (s) => s.context, state: (s) => s.value as 'closed' | 'editing', question: (s) => s.children.closePosition },
    {
      open: (target: CloseTarget) => ({ type: 'close.open', ...target }),
      flash: (target: CloseTarget) => ({ type: 'close.flash', ...target }),
      setType: (orderType: 'limit' | 'market') => ({ type: 'close.type', orderType }),
      setPrice: (value: string) => ({ type: 'close.price', value }),
      setQuantity: (value: string) => ({ type: 'close.quantity', value }),
      setPercent: (percent: number) => ({ type: 'close.percent', percent }),
      ...signals('close', ['submit', 'cancel']),
    },
  );
  const asking = useSelector(flow.question, (s) => (s ? !s.matches('idle') : false));
  return { ...spreadContext(flow), asking };
}

/** The isolated margin dialog (add / remove, with the new liquidation price); reports `desk.refresh` to `replyTo`. */
export function useMarginDialog(replyTo: AnyActorRef) {
  const ref = useActorRef(FuturesContext.use().margin, { input: { replyTo } });
  const flow = useActorFlow(
    ref,
    {
      context: (s) => s.context,
      state: (s) => s.value as 'closed' | 'editing' | 'saving',
      limit: (s) => marginLimit(s.context),
      liquidation: (s) => liquidationAfter(s.context),
      typedProblem: (s) => typedProblem(s.context),
      beyondMark: (s) => liquidationBeyondMark(s.context),
    },
    {
      open: (position: FuturesPosition, brackets: readonly LeverageBracket[], available: string) => ({ type: 'margin.open', position, brackets, available }),
      setType: (value: MarginAdjustment) => ({ type: 'margin.type', value }),
      setAmount: (value: string) => ({ type: 'margin.amount', value }),
      ...signals('margin', ['save', 'close']),
    },
  );
  return spreadContext(flow);
}

/** The TP/SL dialog; what it sets is reported (`desk.refresh`) to `replyTo`, as the close dialog's. */
export function useTpslDialog(replyTo: AnyActorRef) {
  const ref = useActorRef(FuturesContext.use().tpsl, { input: { replyTo } });
  const flow = useActorFlow(
    ref,
    {
      context: (s) => s.context,
      state: (s) => s.value as 'closed' | 'editing' | 'confirming' | 'submitting',
      // The prices the plans would be stored at (an ROE as the price it means), and whether the stop comes after the liquidation.
      prices: (s) => triggerPrices(s.context),
      stopBeyondLiquidation: (s) => stopBeyondLiquidation(s.context),
    },
    {
      open: (position: FuturesPosition, pricePrecision: number) => ({ type: 'tpsl.open', symbol: position.symbol, pricePrecision, position }),
      setBy: (by: 'price' | 'roe') => ({ type: 'tpsl.by', by }),
      setTriggerBy: (triggerBy: 'mark' | 'last') => ({ type: 'tpsl.triggerBy', triggerBy }),
      setTakeProfit: (value: string) => ({ type: 'tpsl.takeProfit', value }),
      setStopLoss: (value: string) => ({ type: 'tpsl.stopLoss', value }),
      ...signals('tpsl', ['submit', 'confirm', 'cancel']),
    },
  );
  return spreadContext(flow);
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
      onTpsl: (p: FuturesPosition) => tpsl.open(p, pairOf(p.symbol).price_precision),
      onClose: (p: FuturesPosition) => close.open(target(p)),
      onFlash: (p: FuturesPosition) => close.flash(target(p)),
    };
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the dialogs' open and flash are stable; the close and tpsl objects are new on every render
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
  const ref = useActorRef(FuturesContext.use().records, { input: { mode } });
  const flow = useActorFlow(
    ref,
    // The questions before an order or a plan is cancelled: the machine's confirm-then-act children.
    { cancelOrderQuestion: (s) => s.children.cancelOrder, cancelPlanQuestion: (s) => s.children.cancelPlan },
    { cancelOrder: (id: number) => ({ type: 'records.cancelOrder', id }), cancelPlan: (id: number) => ({ type: 'records.cancelPlan', id }) },
  );
  // The records: the machine's `list` child, the shared paged list.
  const list = usePagedListOf(useListChild<FuturesRecordsFilter, FuturesRecord, FuturesRecordsExtra>(ref));
  const { page, size, total, failed, reload: retry, setPage, setFilter } = list;
  const setDays = useCallback((days: RecordDays) => setFilter({ days }), [setFilter]);
  // The first read only: a later one keeps the shown rows and figures on screen.
  const loading = list.firstLoad;
  const { days } = list.filter;
  // The mode chose the call, so it tells which of the union the rows are.
  const orders = mode === 'current' || mode === 'history' ? (list.rows as FuturesOrder[]) : NO_ROWS;
  const plans = mode === 'plans' ? (list.rows as FuturesPlan[]) : NO_ROWS;
  const account = list.extra;
  return { ref, mode, days, page, size, total, orders, plans, account, loading, failed, retry, setDays, setPage, ...flow };
}

/** /order/u-detail/{id} and /order/u-hold/{symbol} (the caller keys it by target). */
export function useFuturesDetail(target: FuturesDetailTarget) {
  const ref = useActorRef(FuturesContext.use().detail, { input: { target } });
  const flow = useActorFlow(
    ref,
    {
      order: detail.selectOrder,
      orderYield: detail.selectOrderYield,
      position: detail.selectPosition,
      averagePositionPrice: detail.selectPositionAveragePrice,
      openOrders: detail.selectOpenOrders,
      pastOrders: detail.selectPastOrders,
      loaded: detail.selectLoaded,
      failed: detail.selectFailed,
    },
    { retry: () => ({ type: 'detail.retry' }) },
  );
  return { ref, ...flow };
}

export { FuturesContext };
