import { useTranslation } from 'react-i18next';
import type { FiatRecord } from '../../../../domain/fiat';
import { DateTime } from '../../../app/ui/DateTime';
import { DaysFilter } from '../../../app/ui/RecordFilters';
import { RecordsPanel } from '../../../app/ui/RecordsPanel';
import { useFiatList } from '../fiat.hooks';
import { KIND_KEYS } from './fiatFormat';
import { money } from '../../../../domain/figures';

/** /wallet/log-legal: the fiat account's P2P movements (escrow, release, receipt, ads' freezes) with presets and paging. */
export function FiatRecordsPage() {
  const { t } = useTranslation();
  const list = useFiatList({ kind: 'records' });
  return (
    <RecordsPanel<FiatRecord> title={t('menu.wallet.logLegal')} list={list}
      filters={
        <>
          <p className="faint" style={{ margin: '0 0 8px' }}>{t('page.walletLog.legalIntro')}</p>
          <DaysFilter days={list.days} onChange={list.setDays} />
        </>
      }
      emptyKey="fiat.noRecords"
      columns={[
        { key: 'col.time', render: (r) => <DateTime at={r.created_at} /> },
        { key: 'col.type', render: (r) => KIND_KEYS[r.kind] ? t(KIND_KEYS[r.kind]!) : r.kind },
        { key: 'col.currency', render: (r) => r.currency },
        { key: 'col.quantity', align: 'right', render: (r) => <span className="num">{money(r.quantity, r.currency)}</span> },
        { key: 'col.orderNo', render: (r) => <span className="num">{r.order_no || '—'}</span> },
      ]}
    />
  );
}
