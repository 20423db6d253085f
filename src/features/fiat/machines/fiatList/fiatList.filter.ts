import type { FiatOrder, FiatOrdersTab, FiatRecord } from '../../../../../domain/fiat';
import type { RecordDays } from '../../../../../domain/wallet';

/** Which list: /order/legal-order and /deal/history (orders by tab), /wallet/log-legal (records). */
export type FiatListSource = { kind: 'orders' } | { kind: 'records' };

/** The fiat lists' filter, kept by the shared paged list (app/machines/pagedList): the buy/sell/open tab and the 3/7/30-day preset. */
export interface FiatListFilter {
  source: FiatListSource;
  tab: FiatOrdersTab;
  days: RecordDays;
}

export type FiatRow = FiatOrder | FiatRecord;

/** A fiat list's first filter: every order, the last 30 days. */
export const fiatListFilter = (source: FiatListSource): FiatListFilter => ({ source, tab: 'all', days: 30 });
