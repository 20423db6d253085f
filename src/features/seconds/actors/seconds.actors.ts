import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { isDecimalString } from '../../../../domain/decimal';
import { SECONDS_PATHS, type SecondsAccount, type SecondsConfig, type SecondsContract } from '../../../../domain/seconds';
import type { Page } from '../../../../domain/wallet';
import type { UserStreamHub } from '../../../app/actors/userStream.actor';
import type { ApiClient } from '../../../services/api';
import type { BuyInput, TicketData } from '../machines/secondsContract/secondsContract.machine';
import type { OpenContracts } from '../machines/secondsDesk/secondsDesk.machine';
import { pageLoader } from '../../../app/machines/pagedList/pagedList.machine';
import type { SecondsOrdersExtra, SecondsOrdersFilter } from '../machines/secondsOrders/secondsOrders.machine';

/** Socket payloads are untrusted: a pushed contract is used only if it has the documented shape. */
export function parseContract(value: unknown): SecondsContract | undefined {
  const c = value as Partial<SecondsContract> | null;
  if (!c || typeof c !== 'object' || typeof c.id !== 'number' || typeof c.symbol !== 'string') return undefined;
  if ((c.direction !== 'up' && c.direction !== 'down') || (c.status !== 1 && c.status !== 2)) return undefined;
  if (typeof c.expires_at !== 'number' || !isDecimalString(c.buy_price) || !isDecimalString(c.quantity) || !isDecimalString(c.draw_band)) return undefined;
  if (c.status === 2 && (!isDecimalString(c.settle_price) || !isDecimalString(c.profit) || !['win', 'loss', 'draw'].includes(c.outcome as string))) return undefined;
  return c as SecondsContract;
}

/** Promise actors for the seconds calls (docs/API.md "Seconds contracts"); each honours `signal`. */
export function createSecondsActors(api: ApiClient, signedIn: () => boolean) {
  /** The pair's config, with the moment the server's time in it stands for here: halfway through the call, the way there and back counted alike. */
  const timedConfig = (symbol: string, signal: AbortSignal) => {
    const sentAt = Date.now();
    return api.post<SecondsConfig>(SECONDS_PATHS.config, { symbol }, signal).then((config) => ({ config, receivedAt: (sentAt + Date.now()) / 2 }));
  };
  return {
    loadTicket: fromPromise<TicketData, { symbol: string }>(async ({ input, signal }) => {
      const [timed, account] = await Promise.all([
        timedConfig(input.symbol, signal),
        signedIn() ? api.post<SecondsAccount>(SECONDS_PATHS.account, {}, signal) : Promise.resolve(undefined),
      ]);
      return { ...timed, account };
    }),
    /** The trader's open contracts on the pair (a page opened after buying them) and the clock offset to count them down with. */
    loadOpen: fromPromise<OpenContracts, { symbol: string }>(async ({ input, signal }) => {
      if (!signedIn()) return { contracts: [], offset: 0 };
      const [timed, current] = await Promise.all([timedConfig(input.symbol, signal), api.post<Page<SecondsContract>>(SECONDS_PATHS.current, { page: 1, size: 50 }, signal)]);
      const symbol = input.symbol.toUpperCase();
      // The same offset the form's ticket counts with (loadTicket).
      return { contracts: current.list.filter((c) => c.symbol.toUpperCase() === symbol), offset: timed.config.server_time - timed.receivedAt };
    }),
    acknowledgeRisk: fromPromise<unknown>(({ signal }) => api.post(SECONDS_PATHS.acknowledge, {}, signal)),
    buyContract: fromPromise<SecondsContract, BuyInput>(({ input, signal }) => api.post(SECONDS_PATHS.buy, input.request, signal, undefined, input.idempotencyKey)),
    fetchContract: fromPromise<SecondsContract | undefined, { id: number }>(async ({ input, signal }) => {
      const history = await api.post<Page<SecondsContract>>(SECONDS_PATHS.history, { days: 3, page: 1, size: 50 }, signal);
      return history.list.find((c) => c.id === input.id);
    }),
    /** A page of contracts and, for open ones, the account they are held in (the shared paged list's `loadPage`). */
    fetchOrders: pageLoader<SecondsOrdersFilter, SecondsContract, SecondsOrdersExtra>(async ({ filter, page, size }, signal) => {
      if (filter.mode === 'history') {
        const history = await api.post<Page<SecondsContract>>(SECONDS_PATHS.history, { days: filter.days, page, size }, signal);
        return { list: history.list, total: history.total, extra: { offset: 0 } };
      }
      const [current, account] = await Promise.all([
        api.post<Page<SecondsContract>>(SECONDS_PATHS.current, { page, size }, signal),
        api.post<SecondsAccount>(SECONDS_PATHS.account, {}, signal),
      ]);
      return { list: current.list, total: current.total, extra: { offset: 0, account } };
    }),
  };
}

/** The private channel's seconds pushes as `ticket.pushed` events (the `contractUpdates` child). */
export function createContractUpdatesActor(hub: UserStreamHub) {
  return fromCallback<EventObject>(({ sendBack }) =>
    hub.listen((event) => {
      if (event.type !== 'stream.product' || event.kind !== 'seconds') return;
      const contract = parseContract((event.payload as { contract?: unknown }).contract);
      if (contract) sendBack({ type: 'ticket.pushed', contract });
    }),
  );
}
