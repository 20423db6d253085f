import { assign, fromCallback, fromPromise, setup, type ActorRefFrom, type EventObject } from 'xstate';
import { toBeProvided } from '../toBeProvided/toBeProvided';
import { RECORD_PAGE_SIZE } from '../../../../domain/wallet';
import { showToast } from '../toast/toastError';
import { pushAwareRead, pushedDuringRead } from '../shared/pushAwareRead';

/**
 * A list's filter: the product's own fields (a tab, the 3/7/30-day preset, a pair, a search text),
 * opaque here. The machine keeps it, merges what `list.filter` changes, and hands it to the loader.
 */
export type ListFilter = object;

/** What the loader is asked: the filter and the page. */
export interface PageQuery<F extends ListFilter = ListFilter> {
  filter: F;
  page: number;
  size: number;
}

/**
 * What the loader answers: the page's rows and the total matching the filter (a `Page<T>` of
 * domain/wallet is one), and optionally what the product reads with the page (an account, the
 * server's clock offset), kept as `extra`.
 */
export interface LoadedPage<R = unknown, X = unknown> {
  list: R[];
  total: number;
  extra?: X;
}

export interface PagedListInput<F extends ListFilter = ListFilter> {
  filter: F;
  /** Rows per page (default RECORD_PAGE_SIZE). */
  size?: number;
  /** Read the page again this often while it is shown (deposits advancing, positions following the mark); none: never. */
  pollMs?: number;
}

export type PagedListEvent =
  /** Some of the filter's fields changed: back to page 1. */
  | { type: 'list.filter'; filter: ListFilter }
  | { type: 'list.page'; page: number }
  /** Read the page again now: a retry, the user's own change, a reconnect that may have missed pushes. */
  | { type: 'list.reload' }
  /** Something on the page changed on the server: read again once a burst of these has settled. */
  | { type: 'list.pushed' }
  /** A pushed row the product places itself (`applyRow`), without a read. */
  | { type: 'list.row'; row: unknown };

export interface PagedListContext {
  filter: ListFilter;
  page: number;
  size: number;
  rows: unknown[];
  total: number;
  /** What the last read answered beside the page (kept when a read answers none). */
  extra: unknown;
  pollMs: number | undefined;
  /** A push came while the page was being read: the answer may predate it, so it is read again. */
  pushedDuringRead: boolean;
}

const pagedListSetup = setup({
  types: { context: {} as PagedListContext, events: {} as PagedListEvent, input: {} as PagedListInput },
  actors: {
    loadPage: toBeProvided<LoadedPage, PageQuery>('loadPage'),
    /** The product's pushes as list events; none by default. */
    pushes: fromCallback<EventObject>(() => () => undefined),
  },
  actions: {
    showToast,
    /** Places a pushed row (the product's rule, e.g. a finished spot order joins page 1); none by default. */
    applyRow: (_, _params: { row: unknown }) => undefined,
  },
  guards: {
    polls: ({ context }) => context.pollMs !== undefined,
    pushedDuringRead,
    isOtherPage: ({ context, event }) =>
      event.type === 'list.page' && Number.isInteger(event.page) && event.page >= 1 && event.page !== context.page && (event.page - 1) * context.size < Math.max(context.total, 1),
  },
  delays: { settle: 300, poll: ({ context }) => context.pollMs ?? 0 },
});

/**
 * One page of a product's records (every records page: spot history, fiat, ICO, seconds, futures,
 * wallet, login history, the operator's queues): load the page for the filter, go to another page,
 * change the filter (back to page 1), read again on a push (`list.reload` at once, `list.pushed`
 * after `settle`, so a burst is one read) or every `poll`, and a failed read toasts and waits for
 * a retry. Rows stay on screen while a page loads. The product supplies `loadPage` (its calls),
 * `pushes` (its feed of the events above, silent by default) and, for rows pushed whole,
 * `applyRow`; what it needs beyond a list (a row's cancel behind a confirmation, a clock) is a
 * parent invoking this machine as its `list` child.
 */
export const pagedListMachine = pagedListSetup.createMachine({
  id: 'pagedList',
  context: ({ input }) => ({ filter: input.filter, page: 1, size: input.size ?? RECORD_PAGE_SIZE, rows: [], total: 0, extra: undefined, pollMs: input.pollMs, pushedDuringRead: false }),
  invoke: { id: 'pushes', src: 'pushes' },
  on: {
    'list.filter': { target: '.loading', actions: assign({ filter: ({ context, event }) => ({ ...context.filter, ...event.filter }), page: 1 }) },
    'list.page': { guard: 'isOtherPage', target: '.loading', actions: assign({ page: ({ event }) => event.page }) },
    'list.reload': { target: '.loading', description: 'A read under way starts over.' },
    'list.row': { actions: { type: 'applyRow', params: ({ event }) => ({ row: event.row }) } },
  },
  initial: 'loading',
  states: {
    loading: pushAwareRead(pagedListSetup, {
      pushed: 'list.pushed',
      why: 'The read under way may have been answered before the change: read again once it is in.',
      src: 'loadPage',
      input: ({ context }): PageQuery => ({ filter: context.filter, page: context.page, size: context.size }),
      into: (loaded, context) => ({ rows: loaded.list, total: loaded.total, extra: loaded.extra ?? context.extra }),
      next: 'ready',
      failed: 'failed',
    }),
    failed: {},
    ready: {
      on: { 'list.pushed': '.settling' },
      initial: 'shown',
      states: {
        shown: {
          always: { guard: 'pushedDuringRead', target: 'settling' },
          after: { poll: { guard: 'polls', target: '#pagedList.loading' } },
        },
        settling: { after: { settle: '#pagedList.loading' } },
      },
    },
  },
});

export type PagedListActorRef = ActorRefFrom<typeof pagedListMachine>;

/** A product's loader as the machine's `loadPage`: typed by the product's filter, rows and extra. */
export function pageLoader<F extends ListFilter, R, X = never>(load: (query: PageQuery<F>, signal: AbortSignal) => Promise<LoadedPage<R, X>>) {
  return fromPromise<LoadedPage, PageQuery>(({ input, signal }) => load(input as PageQuery<F>, signal));
}
