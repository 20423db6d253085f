import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { SPOT_PATHS, type PlaceSpotOrder, type PlaceSpotStop, type SpotFeeRate, type SpotOrder, type SpotOrderDetail, type SpotStop } from '../../../../domain/spotOrders';
import { WALLET_PATHS, type Page, type RecordDays, type WalletBalance } from '../../../../domain/wallet';
import type { ApiClient } from '../../../services/api';
import type { UserStreamHub } from '../../../app/actors/userStream.actor';
import { pageLoader } from '../../../app/machines/pagedList/pagedList.machine';
import type { OrderHistoryFilter } from '../machines/orders/orderHistory.machine';

/** What the order form needs before it can check a balance: the spot account and the fee rate. */
export interface OrderAccount {
  balances: WalletBalance[];
  feeRate: SpotFeeRate;
}

export interface PlaceInput {
  order: PlaceSpotOrder;
  idempotencyKey: string;
}

export interface CurrentQuery {
  symbol?: string;
  page: number;
  size: number;
}

export interface HistoryQuery extends CurrentQuery {
  days: RecordDays;
}

/** Promise actors for the spot order calls (docs/API.md "Spot orders"); every one honours `signal`. */
export function createSpotActors(api: ApiClient) {
  return {
    fetchOrderAccount: fromPromise<OrderAccount, { symbol: string }>(async ({ input, signal }) => {
      const [balances, feeRate] = await Promise.all([
        api.post<WalletBalance[]>(WALLET_PATHS.balances, { account: 'spot' }, signal),
        // The user's own rates in this pair (their tier's, or their override's).
        api.post<SpotFeeRate>(SPOT_PATHS.feeRate, { symbol: input.symbol }, signal),
      ]);
      return { balances, feeRate };
    }),
    placeOrder: fromPromise<SpotOrder, PlaceInput>(({ input, signal }) => api.post(SPOT_PATHS.place, input.order, signal, undefined, input.idempotencyKey)),
    placeStop: fromPromise<SpotStop, { stop: PlaceSpotStop; idempotencyKey: string }>(({ input, signal }) => api.post(SPOT_PATHS.stopPlace, input.stop, signal, undefined, input.idempotencyKey)),
    cancelStop: fromPromise<unknown, { id: number }>(({ input, signal }) => api.post(SPOT_PATHS.stopCancel, { id: input.id }, signal)),
    fetchCurrentStops: fromPromise<Page<SpotStop>, CurrentQuery>(({ input, signal }) => api.post(SPOT_PATHS.stopsCurrent, withoutEmpty(input), signal)),
    cancelOrder: fromPromise<unknown, { id: number }>(({ input, signal }) => api.post(SPOT_PATHS.cancel, { id: input.id }, signal)),
    fetchCurrentOrders: fromPromise<Page<SpotOrder>, CurrentQuery>(({ input, signal }) => api.post(SPOT_PATHS.current, withoutEmpty(input), signal)),
    /** A page of stops that are over (issue 50 M11; the shared paged list's `loadPage`, filtered like the order history). */
    fetchStopHistory: pageLoader<OrderHistoryFilter, SpotStop>(({ filter, page, size }, signal) =>
      api.post<Page<SpotStop>>(SPOT_PATHS.stopsHistory, withoutEmpty<HistoryQuery>({ ...filter, page, size }), signal),
    ),
    /** A page of finished orders (the shared paged list's `loadPage`). */
    fetchOrderHistory: pageLoader<OrderHistoryFilter, SpotOrder>(({ filter, page, size }, signal) =>
      api.post<Page<SpotOrder>>(SPOT_PATHS.history, withoutEmpty<HistoryQuery>({ ...filter, page, size }), signal),
    ),
    fetchOrderDetail: fromPromise<SpotOrderDetail, { id: number }>(({ input, signal }) => api.post(SPOT_PATHS.detail, { id: input.id }, signal)),
  };
}

/** "All pairs" is no symbol at all on the wire. */
function withoutEmpty<T extends { symbol?: string }>(query: T): T {
  const { symbol, ...rest } = query;
  return (symbol ? { ...rest, symbol } : rest) as T;
}

/**
 * The private channel as the order history's list events (its `pushes`): a pushed order is placed
 * by the history's rule (`list.row`), a reconnect reads the page again (`list.reload`).
 */
export function createHistoryUpdatesActor(hub: UserStreamHub) {
  return fromCallback<EventObject>(({ sendBack }) =>
    hub.listen((event) => {
      if (event.type === 'stream.order') sendBack({ type: 'list.row', row: event.order });
      else if (event.type === 'stream.resync') sendBack({ type: 'list.reload' });
    }),
  );
}
