import type { AnyActorLogic, PromiseActorLogic, SnapshotFrom } from 'xstate';
import { pagedListMachine, type ListFilter, type LoadedPage, type PagedListActorRef, type PageQuery } from './pagedList.machine';

/**
 * The shared list's types for one product: its filter, its rows and what it reads beside a page.
 * The machine keeps them opaque (it is one machine for every product); these carry them, as a
 * type only, from the product's loader to its hook, so neither side casts.
 */
export interface PagedListTypes<F extends ListFilter, R, X> {
  filter: F;
  row: R;
  extra: X;
}

/** The paged-list machine of one product (what `pagedList(…)` makes and a product's flows name). */
export type TypedPagedList<F extends ListFilter, R, X = never> = typeof pagedListMachine & { readonly __types?: PagedListTypes<F, R, X> };

/** A running paged list of one product: the actor of a `TypedPagedList`, or a parent's `list` child. */
export type TypedPagedListRef<F extends ListFilter, R, X = never> = PagedListActorRef & { readonly __types?: PagedListTypes<F, R, X> };

type Implementations = Parameters<typeof pagedListMachine.provide>[0];
type ListActions = NonNullable<Implementations['actions']>;

export interface PagedListEffects {
  showToast: ListActions['showToast'];
  /** The product's pushes as list events (`list.pushed`, `list.reload`, `list.row`). */
  pushes?: AnyActorLogic;
  /** Where a pushed row goes (spot's history: a finished order joins page 1). */
  applyRow?: ListActions['applyRow'];
}

/**
 * A product's records list in one line: `list: pagedList<FiatListFilter, FiatRow>(actors.fetchList, { pushes, showToast })`
 * (the loader written with `pageLoader` over the same types). The product's flows interface names
 * it `TypedPagedList<F, R, X>`, so its hook (`usePagedList`) reads the rows typed.
 */
export function pagedList<F extends ListFilter, R, X = never>(loadPage: PromiseActorLogic<LoadedPage, PageQuery>, effects: PagedListEffects): TypedPagedList<F, R, X> {
  const { showToast, pushes, applyRow } = effects;
  return pagedListMachine.provide({
    actors: { loadPage, ...(pushes ? { pushes } : {}) },
    actions: { showToast, ...(applyRow ? { applyRow } : {}) },
  });
}

type PagedListSnapshot = SnapshotFrom<typeof pagedListMachine>;

/**
 * What every records page shows of its list, one definition for all of them:
 * `loading` a read is under way (the rows shown stay on screen), `firstLoad` the first read, with
 * nothing to show yet (a spinner instead of the table), `failed` the last read failed (a retry),
 * `empty` read and nothing matches, `hasMore` a page after this one.
 */
export interface PagedListView<F extends ListFilter, R, X> {
  filter: F;
  page: number;
  size: number;
  rows: R[];
  total: number;
  extra: X | undefined;
  loading: boolean;
  firstLoad: boolean;
  failed: boolean;
  empty: boolean;
  hasMore: boolean;
}

/** The view of a snapshot: the product's types, given by its loader, over the machine's opaque context. */
export function pagedListView<F extends ListFilter, R, X>(snapshot: PagedListSnapshot): PagedListView<F, R, X> {
  const { filter, page, size, rows, total, extra } = snapshot.context;
  const loading = snapshot.matches('loading');
  return {
    // The loader typed by F/R/X is the only writer of these (pageLoader), so they are F/R/X.
    filter: filter as F,
    rows: rows as R[],
    extra: extra as X | undefined,
    page,
    size,
    total,
    loading,
    firstLoad: loading && rows.length === 0 && extra === undefined,
    failed: snapshot.matches('failed'),
    empty: snapshot.matches('ready') && rows.length === 0,
    hasMore: page * size < total,
  };
}
