import { useTranslation } from 'react-i18next';
import { money } from '../../../../domain/figures';
import { ICO_CURRENCY, type IcoRecord, type IcoRecordType } from '../../../../domain/ico';
import { DaysFilter } from '../../../app/ui/RecordFilters';
import { RecordsPanel } from '../../../app/ui/RecordsPanel';
import { useIcoList } from '../ico.hooks';
import { dateTime, tokens } from './icoFormat';

const KIND_KEYS = { subscribe: 'ico.kind.subscribe', add: 'ico.kind.add', allocation: 'ico.kind.allocation', refund: 'ico.kind.refund', thaw: 'ico.kind.thaw' } as const;

const TITLES = { tran: 'page.order.subTran', log: 'menu.wallet.logIco', thaw: 'menu.wallet.logIcoThaw' } as const;

/** /order/sub-tran (subscriptions and add more), /wallet/log-ico (every movement) and /wallet/log-ico-thaw. */
export function IcoRecordsPage(props: { type: IcoRecordType }) {
  const { t, i18n } = useTranslation();
  const list = useIcoList({ kind: 'records', type: props.type });
  const title = t(TITLES[props.type]);
  return (
    // wrap: beside a long title the day presets were cut off on a phone.
    <RecordsPanel<IcoRecord> title={title} list={list} wrap
      beside={<DaysFilter days={list.days} onChange={list.setDays} />}
      emptyKey="ico.emptyRecords"
      columns={[
        { key: 'col.time', render: (r) => <span className="num">{dateTime(r.created_at, i18n.language)}</span> },
        { key: 'col.currency', render: (r) => <b>{r.symbol}</b> },
        { key: 'col.type', render: (r) => t(KIND_KEYS[r.kind]) },
        { key: 'col.quantity', align: 'right', render: (r) => <span className="num">{r.kind === 'refund' ? '—' : `${tokens(r.quantity, undefined)} ${r.symbol}`}</span> },
        ...(props.type === 'thaw' ? [] : [{ key: 'col.paid', align: 'right' as const, render: (r: IcoRecord) => <span className="num">{r.amount === '0' ? '—' : `${money(r.amount, ICO_CURRENCY)} ${ICO_CURRENCY}`}</span> }]),
      ]}
    />
  );
}
