import { fromPromise } from 'xstate';
import { ICO_PATHS, type IcoAccount, type IcoProject, type IcoProjectInput, type IcoSubscription } from '../../../domain/ico';
import type { Page } from '../../../domain/wallet';
import type { ApiClient } from '../../../services/api';
import type { BoardData } from '../machines/icoBoard/icoBoard.machine';
import type { IcoListQuery, IcoRow } from '../machines/icoList/icoList.machine';
import type { SubscribeInput } from '../machines/icoSubscribe/icoSubscribe.machine';
import type { ThawInput } from '../machines/icoThaw/icoThaw.machine';

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
    fetchList: fromPromise<Page<IcoRow>, IcoListQuery>(({ input, signal }) =>
      input.source.kind === 'orders'
        ? api.post<Page<IcoRow>>(ICO_PATHS.orders, { tab: input.source.tab, page: input.page, size: input.size }, signal)
        : api.post<Page<IcoRow>>(ICO_PATHS.records, { type: input.source.type, days: input.days, page: input.page, size: input.size }, signal),
    ),
  };
}

export function createOperatorIcoActors(operatorApi: ApiClient) {
  return {
    fetchProjects: fromPromise<IcoProject[]>(({ signal }) => operatorApi.post<IcoProject[]>(ICO_PATHS.operatorProjects, {}, signal)),
    saveProject: fromPromise<IcoProject, IcoProjectInput>(({ input, signal }) => operatorApi.post<IcoProject>(ICO_PATHS.operatorSave, input as object, signal)),
  };
}
