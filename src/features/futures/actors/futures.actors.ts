import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { FUTURES_PATHS, type FuturesAccount, type FuturesConfig, type FuturesOrder, type FuturesOrderDetail, type FuturesPosition, type FuturesPlaced, type FuturesPlan, type FuturesPlanCreate, type FuturesMarginRequest } from '../../../../domain/futures/api';
import type { Page } from '../../../../domain/wallet';
import type { UserStreamHub } from '../../../app/actors/userStream.actor';
import type { ApiClient } from '../../../services/api';
import { pageLoader } from '../../../app/machines/pagedList/pagedList.machine';
import type { FuturesRecordsExtra, FuturesRecordsFilter } from '../machines/futuresRecords/futuresRecords.machine';
import type { FuturesDetailData, FuturesDetailTarget } from '../machines/futuresDetail/futuresDetail.machine';
import type { DeskData } from '../machines/futuresDesk/futuresDesk.machine';
import type { PlaceFuturesInput } from '../machines/futuresOrderForm/futuresOrderForm.machine';
import type { LeverageRequest } from '../machines/leverageDialog/leverageDialog.machine';
import type { CloseCall } from '../machines/closeDialog/closeDialog.machine';

/** Promise actors for the futures calls (docs/API.md "Futures"); each honours `signal`. */
export function createFuturesActors(api: ApiClient, signedIn: () => boolean) {
  return {
    /** The trade page's desk: the config for everyone; with the user's leverage, account, open orders and waiting plans when signed in. */
    loadDesk: fromPromise<DeskData, { symbol: string }>(async ({ input, signal }) => {
      if (!signedIn()) return { config: await api.post<FuturesConfig>(FUTURES_PATHS.config, { symbol: input.symbol }, signal), orders: [], plans: [], receivedAt: Date.now() };
      const [config, account, orders, plans] = await Promise.all([
        api.post<FuturesConfig>(FUTURES_PATHS.settings, { symbol: input.symbol }, signal),
        api.post<FuturesAccount>(FUTURES_PATHS.account, {}, signal),
        api.post<Page<FuturesOrder>>(FUTURES_PATHS.current, { symbol: input.symbol, page: 1, size: 50 }, signal),
        api.post<Page<FuturesPlan>>(FUTURES_PATHS.plans, { waiting: true, page: 1, size: 50 }, signal),
      ]);
      const symbol = config.symbol;
      return { config, account, orders: orders.list, plans: plans.list.filter((p) => p.symbol === symbol), receivedAt: Date.now() };
    }),
    placeOrder: fromPromise<FuturesPlaced, PlaceFuturesInput>(({ input, signal }) => api.post(FUTURES_PATHS.order, input.request, signal, undefined, input.idempotencyKey)),
    adjustMargin: fromPromise<FuturesPosition | undefined, FuturesMarginRequest>(({ input, signal }) => api.post(FUTURES_PATHS.margin, input, signal)),
    saveLeverage: fromPromise<unknown, LeverageRequest>(({ input, signal }) => api.post(FUTURES_PATHS.leverage, input, signal)),
    closePosition: fromPromise<FuturesPlaced, CloseCall>(({ input, signal }) =>
      input.kind === 'flash'
        ? api.post(FUTURES_PATHS.flashClose, { symbol: input.symbol }, signal, undefined, input.idempotencyKey)
        : api.post(FUTURES_PATHS.close, input.request, signal, undefined, input.idempotencyKey),
    ),
    /** One call per plan, in order (take-profit, then stop-loss). */
    createPlans: fromPromise<unknown, { plans: FuturesPlanCreate[] }>(async ({ input, signal }) => {
      for (const plan of input.plans) await api.post(FUTURES_PATHS.plan, plan, signal);
    }),
    cancelOrder: fromPromise<unknown, { id: number }>(({ input, signal }) => api.post(FUTURES_PATHS.cancel, { order_id: input.id }, signal)),
    cancelPlan: fromPromise<unknown, { id: number }>(({ input, signal }) => api.post(FUTURES_PATHS.planCancel, { plan_id: input.id }, signal)),
    /** An order with its trades, or the position on a pair with the pair's open and last 30 days' orders. */
    fetchDetail: fromPromise<FuturesDetailData, FuturesDetailTarget>(async ({ input, signal }) => {
      if (input.kind === 'order') return { kind: 'order', order: await api.post<FuturesOrderDetail>(FUTURES_PATHS.orderDetail, { order_id: input.id }, signal) };
      const [positions, open, past] = await Promise.all([
        api.post<FuturesPosition[]>(FUTURES_PATHS.positions, {}, signal),
        api.post<Page<FuturesOrder>>(FUTURES_PATHS.current, { symbol: input.symbol, page: 1, size: 50 }, signal),
        api.post<Page<FuturesOrder>>(FUTURES_PATHS.history, { symbol: input.symbol, days: 30, page: 1, size: 20 }, signal),
      ]);
      const symbol = input.symbol.toUpperCase();
      return { kind: 'position', position: positions.find((p) => p.symbol === symbol), openOrders: open.list, pastOrders: past.list };
    }),
    /** A page of orders or plans, or the account with its positions (the shared paged list's `loadPage`). */
    fetchRecords: pageLoader<FuturesRecordsFilter, FuturesOrder | FuturesPlan | FuturesPosition, FuturesRecordsExtra>(async ({ filter, page, size }, signal) => {
      const paging = { page, size };
      switch (filter.mode) {
        case 'current':
          return api.post<Page<FuturesOrder>>(FUTURES_PATHS.current, paging, signal);
        case 'history':
          return api.post<Page<FuturesOrder>>(FUTURES_PATHS.history, { days: filter.days, ...paging }, signal);
        case 'plans':
          return api.post<Page<FuturesPlan>>(FUTURES_PATHS.plans, { waiting: true, ...paging }, signal);
        default: {
          const account = await api.post<FuturesAccount>(FUTURES_PATHS.account, {}, signal);
          return { list: account.positions, total: account.positions.length, extra: account };
        }
      }
    }),
  };
}

/** The private channel's futures pushes (`kind: 'futures'`) and balance changes as `futures.pushed`. */
export function createFuturesUpdatesActor(hub: UserStreamHub) {
  return fromCallback<EventObject>(({ sendBack }) =>
    hub.listen((event) => {
      if (event.type === 'stream.product' && event.kind === 'futures') sendBack({ type: 'futures.pushed' });
    }),
  );
}
