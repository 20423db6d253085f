import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { UserStreamHub } from '../../../app/actors/userStream.actor';
import { isDecimalString } from '../../../../domain/decimal';
import { ICO_PATHS, ICO_STATUSES, ICO_STREAM_EVENTS, type IcoAccount, type IcoOperatorProject, type IcoProject, type IcoProjectInput, type IcoStreamEvent, type IcoSubscription } from '../../../../domain/ico';
import type { Page } from '../../../../domain/wallet';
import type { ApiClient } from '../../../services/api';
import type { BoardData } from '../machines/icoBoard/icoBoard.machine';
import { pageLoader } from '../../../app/machines/pagedList/pagedList.machine';
import type { IcoListFilter, IcoRow } from '../machines/icoList/icoList.filter';
import type { SubscribeInput } from '../machines/icoSubscribe/icoSubscribe.machine';
import type { ThawInput } from '../machines/icoThaw/icoThaw.machine';

const SUBSCRIPTION_DECIMALS = ['price', 'quantity', 'paid', 'released_total', 'released_today', 'thawed', 'thawable', 'frozen', 'release_rate'] as const;

/** Socket payloads are untrusted: a pushed subscription is used only if it has the documented shape. */
export function parseSubscription(value: unknown): IcoSubscription | undefined {
  const s = value as Partial<IcoSubscription> | null;
  if (!s || typeof s !== 'object' || typeof s.project_id !== 'number' || typeof s.symbol !== 'string' || typeof s.name !== 'string') return undefined;
  if (!ICO_STATUSES.includes(s.status as never) || typeof s.end_at !== 'number' || typeof s.first_at !== 'number') return undefined;
  if (!SUBSCRIPTION_DECIMALS.every((k) => isDecimalString(s[k]))) return undefined;
  if (![s.allocated, s.refund, s.winning_rate].every((v) => v === null || isDecimalString(v))) return undefined;
  return s as IcoSubscription;
}

/**
 * The private channel's ICO pushes as `board.pushed` events (the board's `icoUpdates` child), and
 * `board.resync` when the channel is back after a drop (what was pushed meanwhile is lost).
 */
export function createIcoUpdatesActor(hub: UserStreamHub) {
  return fromCallback<EventObject>(({ sendBack }) =>
    hub.listen((event) => {
      if (event.type === 'stream.resync') return sendBack({ type: 'board.resync' });
      if (event.type !== 'stream.product' || event.kind !== 'ico') return;
      const payload = event.payload as { event?: unknown; subscription?: unknown };
      const subscription = parseSubscription(payload.subscription);
      if (subscription && ICO_STREAM_EVENTS.includes(payload.event as IcoStreamEvent)) sendBack({ type: 'board.pushed', event: payload.event, subscription });
    }),
  );
}

/** Promise actors for the ICO calls (docs/API.md "ICO subscription"); each honours `signal`. */
export function createIcoActors(api: ApiClient, signedIn: () => boolean) {
  return {
    loadBoard: fromPromise<BoardData>(async ({ signal }) => {
      const [projects, mine, account] = await Promise.all([
        api.post<IcoProject[]>(ICO_PATHS.projects, {}, signal),
        signedIn() ? api.post<IcoSubscription[]>(ICO_PATHS.mine, {}, signal) : Promise.resolve([]),
        signedIn() ? api.post<IcoAccount>(ICO_PATHS.account, {}, signal) : Promise.resolve(undefined),
      ]);
      return { projects, mine, account, receivedAt: Date.now() };
    }),
    loadAccount: fromPromise<IcoAccount>(({ signal }) => api.post<IcoAccount>(ICO_PATHS.account, {}, signal)),
    submitSubscription: fromPromise<IcoSubscription, SubscribeInput>(({ input, signal }) => api.post(ICO_PATHS.subscribe, input.request, signal, undefined, input.idempotencyKey)),
    submitThaw: fromPromise<IcoSubscription, ThawInput>(({ input, signal }) => api.post(ICO_PATHS.thaw, { project_id: input.projectId }, signal, undefined, input.idempotencyKey)),
    /** A page of the user's subscriptions or ICO records (the shared paged list's `loadPage`). */
    fetchList: pageLoader<IcoListFilter, IcoRow>(({ filter, page, size }, signal) =>
      filter.source.kind === 'orders'
        ? api.post<Page<IcoRow>>(ICO_PATHS.orders, { tab: filter.source.tab, page, size }, signal)
        : api.post<Page<IcoRow>>(ICO_PATHS.records, { type: filter.source.type, days: filter.days, page, size }, signal),
    ),
  };
}

export function createOperatorIcoActors(operatorApi: ApiClient) {
  return {
    fetchProjects: fromPromise<IcoOperatorProject[]>(({ signal }) => operatorApi.post<IcoOperatorProject[]>(ICO_PATHS.operatorProjects, {}, signal)),
    // With the operator's 2FA code when the save lists the project (icoDesk.machine.ts `listsNow`).
    saveProject: fromPromise<IcoOperatorProject, IcoProjectInput & { code?: string }>(({ input, signal }) => operatorApi.post<IcoOperatorProject>(ICO_PATHS.operatorSave, input as object, signal)),
  };
}
