import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { AnyActorRef } from 'xstate';
import type { ListFilter, PagedListInput } from '../machines/pagedList/pagedList.machine';
import { pagedListView, type PagedListView, type TypedPagedList, type TypedPagedListRef } from '../machines/pagedList/pagedList.typed';

/** What a records page sends its list: a change of the filter's fields (back to page 1), a page, a read again. */
export interface PagedListSenders<F extends ListFilter> {
  setFilter: (change: Partial<F>) => void;
  setPage: (page: number) => void;
  reload: () => void;
}

export type PagedList<F extends ListFilter, R, X = never> = PagedListView<F, R, X> & PagedListSenders<F>;

// Equal views re-render nothing: the snapshot's fields compared one by one.
const sameView = (a: PagedListView<ListFilter, unknown, unknown>, b: PagedListView<ListFilter, unknown, unknown>) =>
  (Object.keys(a) as (keyof typeof a)[]).every((key) => a[key] === b[key]);

/** A running list (its own actor, or a parent's `list` child) as its records page reads it. */
export function usePagedListOf<F extends ListFilter, R, X = never>(ref: TypedPagedListRef<F, R, X>): PagedList<F, R, X> {
  const view = useSelector(ref, (s) => pagedListView<F, R, X>(s), sameView);
  const senders = useMemo(
    (): PagedListSenders<F> => ({
      setFilter: (filter) => ref.send({ type: 'list.filter', filter }),
      setPage: (page) => ref.send({ type: 'list.page', page }),
      reload: () => ref.send({ type: 'list.reload' }),
    }),
    [ref],
  );
  return { ...view, ...senders };
}

/** A product's records list, started for this page: `usePagedList(flows.list, { filter })`. */
export function usePagedList<F extends ListFilter, R, X = never>(machine: TypedPagedList<F, R, X>, input: PagedListInput<F>): PagedList<F, R, X> {
  const ref: TypedPagedListRef<F, R, X> = useActorRef(machine, { input });
  return usePagedListOf(ref);
}

/**
 * The list a parent machine runs as its `list` child (a row's cancel or decision beside the list),
 * typed by the product's rows. The parent invokes it from its start, so it is always there.
 */
export function useListChild<F extends ListFilter, R, X = never>(parent: AnyActorRef): TypedPagedListRef<F, R, X> {
  return useSelector(parent, (s: { children: Record<string, unknown> }) => s.children.list as TypedPagedListRef<F, R, X>);
}
