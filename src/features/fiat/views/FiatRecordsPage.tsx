import { useTranslation } from 'react-i18next';
import type { FiatRecord } from '../../../../domain/fiat';
import { Button } from '../../../app/ui/Button';
import { DataTable } from '../../../app/ui/DataTable';
import { DateTime } from '../../../app/ui/DateTime';
import { PageTitle, Panel, PanelBody } from '../../../app/ui/Panel';
import { DaysFilter, Pager } from '../../../app/ui/RecordFilters';
import { useFiatList } from '../fiat.hooks';
import { KIND_KEYS } from './fiatFormat';
import { money } from '../../../../domain/figures';

/** /wallet/log-legal: the fiat account's P2P movements (escrow, release, receipt, ads' freezes) with presets and paging. */
export function FiatRecordsPage() {
  const { t } = useTranslation();
  const list = useFiatList({ kind: 'records' });
  const rows = list.rows as FiatRecord[];
  const title = t('menu.wallet.logLegal');
  return (
    <Panel>
      <PanelBody>
        <PageTitle>{title}</PageTitle>
        <p className="faint" style={{ margin: '0 0 8px' }}>{t('page.walletLog.legalIntro')}</p>
        <DaysFilter days={list.days} onChange={list.setDays} />
        <DataTable<FiatRecord>
          label={title}
          rows={rows}
          rowKey={(r) => String(r.id)}
          emptyKey={list.loading ? 'common.loading' : 'fiat.noRecords'}
          columns={[
            { key: 'col.time', render: (r) => <DateTime at={r.created_at} /> },
            { key: 'col.type', render: (r) => KIND_KEYS[r.kind] ? t(KIND_KEYS[r.kind]!) : r.kind },
            { key: 'col.currency', render: (r) => r.currency },
            { key: 'col.quantity', align: 'right', render: (r) => <span className="num">{money(r.quantity, r.currency)}</span> },
            { key: 'col.orderNo', render: (r) => <span className="num">{r.order_no || '—'}</span> },
          ]}
        />
        {list.failed && (
          <p role="alert">
            <Button $small $variant="ghost" onClick={list.retry}>
              {t('common.retry')}
            </Button>
          </p>
        )}
        <Pager page={list.page} size={list.size} total={list.total} onPage={list.setPage} />
      </PanelBody>
    </Panel>
  );
}
