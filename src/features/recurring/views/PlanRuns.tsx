import { useTranslation } from 'react-i18next';
import type { RecurringRun } from '../../../../domain/recurring';
import { MISSING } from '../../../../domain/figures';
import { Badge } from '../../../app/ui/Badge';
import { DataTable } from '../../../app/ui/DataTable';
import { DateTime } from '../../../app/ui/DateTime';
import { Pager } from '../../../app/ui/RecordFilters';
import { FailedLine } from '../../../app/ui/RetryButton';
import type { useRecurringPlansFlow } from '../recurring.hooks';
import type { PlanFigures } from './planFigures';

type Flow = ReturnType<typeof useRecurringPlansFlow>;

export const RUN_STATUS = {
  bought: { key: 'recurring.runStatus.bought', tone: 'up' },
  failed: { key: 'recurring.runStatus.failed', tone: 'down' },
} as const satisfies Record<RecurringRun['status'], { key: string; tone: 'up' | 'down' }>;

/** One plan's runs, newest first, a page at a time: when, bought or failed, quote spent, base bought, the fee, and why one failed. */
export function PlanRuns(props: { flow: Flow; figures: PlanFigures }) {
  const { t } = useTranslation();
  const { flow, figures } = props;
  const page = flow.runs;
  return (
    <div className="runs">
      {flow.runsFailed && <FailedLine onRetry={flow.runsRetry}>{t('recurring.runsFailed')}</FailedLine>}
      <DataTable<RecurringRun>
        label={t('recurring.runsOf', { pair: figures.pairName })}
        rows={page?.list ?? []}
        emptyKey={flow.runsLoading ? 'common.loading' : 'recurring.noRuns'}
        columns={[
          { key: 'recurring.runTime', render: (r) => <DateTime at={r.at} /> },
          { key: 'recurring.runStatusLabel', render: (r) => <Badge $tone={RUN_STATUS[r.status].tone}>{t(RUN_STATUS[r.status].key)}</Badge> },
          { key: 'recurring.spent', align: 'right', render: (r) => `${figures.spent(r.spent)} ${figures.quote}` },
          { key: 'recurring.bought', align: 'right', render: (r) => `${figures.bought(r.bought)} ${figures.base}` },
          { key: 'recurring.fee', align: 'right', render: (r) => `${figures.fee(r.fee)} ${figures.base}` },
          { key: 'recurring.reason', render: (r) => r.reason ?? MISSING },
        ]}
      />
      {page && <Pager page={page.page} size={page.size} total={page.total} onPage={flow.runsPage} />}
    </div>
  );
}
