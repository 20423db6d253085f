import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { ConvertResult } from '../../../../domain/convert';
import { money } from '../../../../domain/figures';
import { Badge } from '../../../app/ui/Badge';
import { DataTable } from '../../../app/ui/DataTable';
import { DateTime } from '../../../app/ui/DateTime';
import { Muted } from '../../../app/ui/Panel';
import { FailedLine } from '../../../app/ui/RetryButton';
import { PHONE } from '../../../app/theme';
import type { useConvertFlow } from '../convert.hooks';

type Flow = ReturnType<typeof useConvertFlow>;

// On a phone the conversion's two amounts wrap under each other, so the status stays in view.
const Section = styled.section`
  ${PHONE} {
    td.conversion { white-space: normal; }
  }
`;

const STATUS_KEYS = { converted: 'convert.statuses.converted', moved: 'convert.statuses.moved' } as const;

/** "1,000.00 USDT → 0.01521000 BTC"; a conversion that did not happen names its currencies only. */
const conversionOf = (r: ConvertResult) => (r.status === 'converted' ? `${money(r.paid, r.from)} ${r.from} → ${money(r.received, r.to)} ${r.to}` : `${r.from} → ${r.to}`);

/** The user's recent conversions, newest first (the history's first page), read again after each accept. */
export function ConvertHistory(props: { flow: Flow }) {
  const { t } = useTranslation();
  const { flow } = props;
  return (
    <Section aria-labelledby="convert-history">
      <h2 id="convert-history">{t('convert.history')}</h2>
      {flow.historyFailed && <FailedLine onRetry={flow.historyRetry}>{t('convert.historyFailed')}</FailedLine>}
      {flow.history ? (
        <DataTable<ConvertResult>
          label={t('convert.history')}
          rows={flow.history}
          rowKey={(r) => String(r.quote_id)}
          emptyKey="convert.noHistory"
          columns={[
            { key: 'convert.time', render: (r) => <DateTime at={r.created_at} /> },
            { key: 'convert.conversion', className: 'conversion', render: conversionOf },
            { key: 'convert.status', align: 'right', render: (r) => <Badge $tone={r.status === 'converted' ? 'up' : 'dim'}>{t(STATUS_KEYS[r.status])}</Badge> },
          ]}
        />
      ) : (
        flow.historyLoading && <Muted>{t('common.loading')}</Muted>
      )}
    </Section>
  );
}
