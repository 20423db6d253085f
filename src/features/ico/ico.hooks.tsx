import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { IcoContext } from './ico.context';
import { ShellContext } from '../../app/views/hooks';
import type { LocaleCode } from '../../../domain/languages';
import type { RecordDays } from '../../../domain/wallet';
import { mineOf, remainingTerm, type icoBoardMachine, type IcoBoardActorRef } from './machines/icoBoard/icoBoard.machine';
import type { icoDeskMachine, ProjectField } from './machines/icoDesk/icoDesk.machine';
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
  const flows = IcoContext.use();
  // The board follows the display language itself: the server answers the descriptions in it.
  const ref = useActorRef(flows.board, { input: { languages: ShellContext.use().app } });
  return useBoard(ref);
}

function useBoard(ref: IcoBoardActorRef) {
  const data = useSelector(ref, (s) => s.context.data);
  const now = useSelector(ref, (s) => s.context.now);
  const loading = useSelector(ref, (s) => s.matches('loading'));
  const failed = useSelector(ref, (s) => s.matches('failed'));
  const subscribeRef = useSelector(ref, (s) => s.children.subscribe as IcoSubscribeActorRef | undefined);
  const thawRef = useSelector(ref, (s) => s.children.thaw as IcoThawActorRef | undefined);
  const senders = useMemo(
    () => ({
      join: (projectId: number) => ref.send({ type: 'board.join', projectId }),
      thaw: (projectId: number) => ref.send({ type: 'board.thaw', projectId }),
      retry: () => ref.send({ type: 'board.retry' }),
    }),
    [ref],
  );
  return {
    ...senders,
    data,
    loading,
    failed,
    subscribeRef,
    thawRef,
    mine: (projectId: number) => mineOf(data, projectId),
    remaining: (projectId: number) => {
      const p = data?.projects.find((x) => x.id === projectId);
      return p ? remainingTerm(p, data, now) : 0;
    },
  };
}

/** The join popup. */
export function useIcoSubscribe(ref: IcoSubscribeActorRef) {
  const context = useSelector(ref, (s) => s.context);
  const state = useSelector(ref, (s) => ({
    editing: s.matches('editing'),
    confirming: s.matches('confirming'),
    submitting: s.matches('submitting'),
    succeeded: s.matches('succeeded'),
  }));
  const senders = useMemo(
    () => ({
      setQuantity: (quantity: string) => ref.send({ type: 'subscribe.quantity', quantity }),
      submit: () => ref.send({ type: 'subscribe.submit' }),
      confirm: () => ref.send({ type: 'subscribe.confirm' }),
      back: () => ref.send({ type: 'subscribe.back' }),
      close: () => ref.send({ type: 'subscribe.close' }),
    }),
    [ref],
  );
  return { ...state, ...senders, context, cost: costOf(context), problem: context.quantity.trim() ? quantityProblem(context) : undefined };
}

/** The thaw popup. */
export function useIcoThaw(ref: IcoThawActorRef) {
  const context = useSelector(ref, (s) => s.context);
  const thawing = useSelector(ref, (s) => s.matches('thawing'));
  const failed = useSelector(ref, (s) => s.matches('failed'));
  const senders = useMemo(
    () => ({ confirm: () => ref.send({ type: 'thaw.confirm' }), cancel: () => ref.send({ type: 'thaw.cancel' }), retry: () => ref.send({ type: 'thaw.retry' }) }),
    [ref],
  );
  return { ...senders, context, thawing, failed };
}

/** /order/sub-hold, sub-end, sub-tran and /wallet/log-ico, log-ico-thaw. */
export function useIcoList(source: IcoListSource) {
  const list = usePagedList(IcoContext.use().list, { filter: icoListFilter(source) });
  const setDays = useCallback((days: RecordDays) => list.setFilter({ days }), [list.setFilter]);
  return { ...list, ...list.filter, setDays, retry: list.reload };
}

/** The operator's ICO tab. */
export function useIcoDesk() {
  const flows = IcoContext.use();
  const ref = useActorRef(flows.desk);
  const context = useSelector(ref, (s) => s.context);
  const loading = useSelector(ref, (s) => s.matches('loading'));
  const saving = useSelector(ref, (s) => s.matches('saving'));
  const senders = useMemo(
    () => ({
      create: () => ref.send({ type: 'desk.new', now: Date.now() }),
      edit: (projectId: number) => ref.send({ type: 'desk.edit', projectId }),
      field: (field: ProjectField, value: string | boolean) => ref.send({ type: 'desk.field', field, value }),
      description: (lang: LocaleCode, value: string) => ref.send({ type: 'desk.description', lang, value }),
      save: () => ref.send({ type: 'desk.save' }),
      cancel: () => ref.send({ type: 'desk.cancel' }),
      retry: () => ref.send({ type: 'desk.retry' }),
    }),
    [ref],
  );
  return { ...senders, ...context, loading, saving };
}

export { IcoContext };
