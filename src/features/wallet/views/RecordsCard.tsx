import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RECORD_PAGE_SIZE, type RecordDays } from '../../../../domain/wallet';
import { Button } from '../../../app/ui/Button';
import { DataTable, type Column } from '../../../app/ui/DataTable';
import { DaysFilter } from '../../../app/ui/RecordFilters';
import { Card, CardPager } from '../../../kit/wallet/walletUi';

/** A record list with its presets and pager: what every /wallet record table looks like. */
export function RecordsCard<Row extends { id: number }>(props: {
  title: string;
  heading?: 'h1' | 'h2';
  intro?: ReactNode;
  tabs?: ReactNode;
  records: { rows: Row[]; total: number; page: number; days: RecordDays; loading: boolean; failed: boolean; setDays: (d: RecordDays) => void; setPage: (p: number) => void; reload: () => void };
  columns: Column<Row>[];
  /** The last column (a row's actions) stays in view while the rest scrolls (DataTable). */
  pinLast?: boolean;
}) {
  const { t } = useTranslation();
  const { records } = props;
  const Heading = props.heading ?? 'h2';
  return (
    <Card aria-busy={records.loading}>
      <div className="head">
        <Heading>{props.title}</Heading>
        {props.tabs}
        <DaysFilter days={records.days} onChange={records.setDays} />
      </div>
      {props.intro}
      <DataTable<Row> label={props.title} rows={records.rows} columns={props.columns} pinLast={props.pinLast} emptyKey={records.loading ? 'common.loading' : 'common.noData'} />
      {records.failed ? (
        <Button type="button" $variant="ghost" $small onClick={records.reload} style={{ marginTop: 10 }}>
          {t('common.retry')}
        </Button>
      ) : (
        <CardPager page={records.page} size={RECORD_PAGE_SIZE} total={records.total} onPage={records.setPage} />
      )}
    </Card>
  );
}
