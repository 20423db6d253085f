import { assign } from 'xstate';
import type { SpotOrder } from '../../../../../domain/spotOrders';
import type { RecordDays } from '../../../../../domain/wallet';
import { pagedListMachine, type PagedListContext, type PagedListEvent } from '../../../../app/machines/pagedList/pagedList.machine';
import { withFinishedOrder } from './orderRows';

/** What a history panel or page asks for (useOrderHistory makes the list's filter of it: 7 days unless told). */
export interface OrderHistoryInput {
  symbol?: string;
  days?: RecordDays;
  size?: number;
}

/** The history's filter, kept by the shared paged list: the pair (undefined: all pairs) and the 3/7/30-day preset of spec §9. */
export interface OrderHistoryFilter {
  symbol: string | undefined;
  days: RecordDays;
}

/**
 * Finished spot orders (the trade page's history tab, /order/spot-history): the shared paged list
 * (pair filter, presets, paging; `list.reload` after a reconnect) with spot's rule for a pushed
 * order (`list.row`): one that finishes while the list is on screen joins its first page.
 */
export const orderHistoryMachine = pagedListMachine.provide({
  actions: {
    applyRow: assign(({ context }: { context: PagedListContext; event: PagedListEvent }, params: { row: unknown }) => {
      const { orders, total } = withFinishedOrder(
        { orders: context.rows as SpotOrder[], total: context.total, page: context.page, size: context.size, symbol: (context.filter as OrderHistoryFilter).symbol },
        params.row as SpotOrder,
      );
      return { rows: orders, total };
    }),
  },
});
