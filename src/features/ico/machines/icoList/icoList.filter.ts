import type { IcoOrderTab, IcoRecord, IcoRecordType, IcoSubscription } from '../../../../../domain/ico';
import type { RecordDays } from '../../../../../domain/wallet';

/** Which list: /order/sub-hold and sub-end (subscriptions), /order/sub-tran and /wallet/log-ico(-thaw) (records). */
export type IcoListSource = { kind: 'orders'; tab: IcoOrderTab } | { kind: 'records'; type: IcoRecordType };

/** The ICO lists' filter, kept by the shared paged list (app/machines/pagedList): the 3/7/30-day preset (records). */
export interface IcoListFilter {
  source: IcoListSource;
  days: RecordDays;
}

export type IcoRow = IcoSubscription | IcoRecord;

/** An ICO list's first filter: the last 30 days. */
export const icoListFilter = (source: IcoListSource): IcoListFilter => ({ source, days: 30 });
