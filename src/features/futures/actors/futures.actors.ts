import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { FUTURES_PATHS, type FuturesAccount, type FuturesOrder, type FuturesPlan } from '../../../domain/futures/api';
import type { Page } from '../../../domain/wallet';
import type { UserStreamHub } from '../../../app/actors/userStream.actor';
import type { ApiClient } from '../../../services/api';
import type { FuturesRecordsData, FuturesRecordsQuery } from '../machines/futuresRecords/futuresRecords.machine';

/** Promise actors for the futures reads (docs/API.md "Futures"); each honours `signal`. */
export function createFuturesActors(api: ApiClient) {
  return {
    fetchRecords: fromPromise<FuturesRecordsData, FuturesRecordsQuery>(async ({ input, signal }) => {
      const paging = { page: input.page, size: input.size };
      switch (input.mode) {
        case 'current':
          return { orders: await api.post<Page<FuturesOrder>>(FUTURES_PATHS.current, paging, signal) };
        case 'history':
          return { orders: await api.post<Page<FuturesOrder>>(FUTURES_PATHS.history, { days: input.days, ...paging }, signal) };
        case 'plans':
          return { plans: await api.post<Page<FuturesPlan>>(FUTURES_PATHS.plans, { waiting: true, ...paging }, signal) };
        default:
          return { account: await api.post<FuturesAccount>(FUTURES_PATHS.account, {}, signal) };
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
