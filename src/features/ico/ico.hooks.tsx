import { useActorRef } from '@xstate/react';
import { useCallback } from 'react';
import { useActorFlow, signals } from '../../app/views/actorFlow';
import { IcoContext } from './ico.context';
import { ShellContext } from '../../app/views/hooks';
import type { LocaleCode } from '../../../domain/languages';
import type { RecordDays } from '../../../domain/wallet';
import { mineOf, remainingTerm, type icoBoardMachine } from './machines/icoBoard/icoBoard.machine';
import { listsNow, type icoDeskMachine, type ProjectField } from './machines/icoDesk/icoDesk.machine';
import { icoListFilter, type IcoListFilter, type IcoListSource, type IcoRow } from './machines/icoList/icoList.filter';
import type { TypedPagedList } from '../../app/machines/pagedList/pagedList.typed';
import { usePagedList } from '../../app/views/usePagedList';
import { costOf, quantityProblem, type IcoSubscribeActorRef } from './machines/icoSubscribe/icoSubscribe.machine';
import type { IcoThawActorRef } from './machines/icoThaw/icoThaw.machine';

/** The ICO flows, supplied with their effects in ico/feature.tsx. */
export interface IcoFlows {
  board: typeof icoBoardMachine;
  /** The subscriptions and records lists (the shared paged list over the ICO calls). */
  list: TypedPagedList<IcoListFilter, IcoRow>;
  desk: typeof icoDeskMachine;
}

/** Catalogue keys of the statuses (spec §4). */
export const STATUS_KEYS = {
  upcoming: 'ico.status.upcoming',
  in_progress: 'ico.status.inProgress',
  ending_soon: 'ico.status.endingSoon',
  pending_settlement: 'ico.status.pending',
  holding: 'ico.status.holding',
  settled: 'ico.status.settled',
} as const;

/** /subscribe and /wallet/subscribe: the board, its popups and senders. */
export function useIcoBoard() {
  // The board follows the display language itself: the server answers the descriptions in it.
  const { data, now, ...flow } = useActorFlow(
    useActorRef(IcoContext.use().board, { input: { languages: ShellContext.use().app } }),
    {
      data: (s) => s.context.data,
      now: (s) => s.context.now,
      loading: (s) => s.matches('loading'),
      failed: (s) => s.matches('failed'),
      subscribeRef: (s) => s.children.subscribe as IcoSubscribeActorRef | undefined,
      thawRef: (s) => s.children.thaw as IcoThawActorRef | undefined,
    },
    {
      join: (projectId: number) => ({ type: 'board.join', projectId }),
      thaw: (projectId: number) => ({ type: 'board.thaw', projectId }),
      retry: () => ({ type: 'board.retry' }),
    },
  );
  return {
    ...flow,
    data,
    mine: (projectId: number) => mineOf(data, projectId),
    remaining: (projectId: number) => {
      const p = data?.projects.find((x) => x.id === projectId);
      return p ? remainingTerm(p, data, now) : 0;
    },
  };
}

/** The join popup. */
export function useIcoSubscribe(ref: IcoSubscribeActorRef) {
  const flow = useActorFlow(
    ref,
    {
      context: (s) => s.context,
      editing: (s) => s.matches('editing'),
      confirming: (s) => s.matches('confirming'),
      submitting: (s) => s.matches('submitting'),
      succeeded: (s) => s.matches('succeeded'),
    },
    {
      setQuantity: (quantity: string) => ({ type: 'subscribe.quantity', quantity }),
      ...signals('subscribe', ['submit', 'confirm', 'back', 'close']),
    },
  );
  const { context } = flow;
  return { ...flow, cost: costOf(context), problem: context.quantity.trim() ? quantityProblem(context) : undefined };
}

/** The thaw popup. */
export function useIcoThaw(ref: IcoThawActorRef) {
  return useActorFlow(
    ref,
    { context: (s) => s.context, thawing: (s) => s.matches('thawing'), failed: (s) => s.matches('failed') },
    { confirm: () => ({ type: 'thaw.confirm' }), cancel: () => ({ type: 'thaw.cancel' }), retry: () => ({ type: 'thaw.retry' }) },
  );
}

/** /order/sub-hold, sub-end, sub-tran and /wallet/log-ico, log-ico-thaw. */
export function useIcoList(source: IcoListSource) {
  const list = usePagedList(IcoContext.use().list, { filter: icoListFilter(source) });
  // eslint-disable-next-line react-hooks/exhaustive-deps -- list's setFilter is stable; the list object itself is new on every render
  const setDays = useCallback((days: RecordDays) => list.setFilter({ days }), [list.setFilter]);
  return { ...list, ...list.filter, setDays, retry: list.reload };
}

/** The operator's ICO tab. */
export function useIcoDesk() {
  const { context, ...flow } = useActorFlow(
    useActorRef(IcoContext.use().desk),
    {
      context: (s) => s.context,
      loading: (s) => s.matches('loading'),
      failed: (s) => s.matches('failed'),
      saving: (s) => s.matches('saving'),
      /** The open form's save lists the project: its 2FA code field is shown. */
      listing: (s) => s.context.form !== undefined && listsNow(s.context.form),
    },
    {
      create: () => ({ type: 'desk.new', now: Date.now() }),
      edit: (projectId: number) => ({ type: 'desk.edit', projectId }),
      field: (field: ProjectField, value: string | boolean) => ({ type: 'desk.field', field, value }),
      description: (lang: LocaleCode, value: string) => ({ type: 'desk.description', lang, value }),
      ...signals('desk', ['save', 'cancel', 'retry']),
    },
  );
  return { ...context, ...flow };
}

export { IcoContext };
