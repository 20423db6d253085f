import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { count } from '../../../../domain/figures';
import type { LiabilityBalances, LiabilitySnapshot } from '../../../../domain/liabilities';
import { DataTable } from '../../../app/ui/DataTable';
import { DateTime } from '../../../app/ui/DateTime';
import { DetailFact, DetailFacts } from '../../../app/ui/DetailFacts';
import { Muted } from '../../../app/ui/Panel';
import { RetryButton } from '../../../app/ui/RetryButton';

export const Hash = styled.code`
  font-family: ${({ theme }) => theme.font.mono};
  font-size: ${({ theme }) => theme.size.small};
  overflow-wrap: anywhere;
  word-break: break-all;
`;

// The offline command wraps on a phone instead of widening the page.
export const Section = styled.section`
  margin-top: 22px;
  h2 { font-size: 1.05rem; margin: 0 0 10px; }
  p { max-width: 760px; }
  pre { white-space: pre-wrap; max-width: 100%; margin: 0; }
`;

/** The intro at the sections' measure: a 1,300-px line of running text is hard to follow back. */
export const Intro = styled(Muted)`
  max-width: 760px;
`;

/** Two columns read across the whole page width left each amount a screen away from its currency. */
const TwoColumns = styled.div`
  max-width: 560px;
`;

/** The amounts of a snapshot as table rows, in its currency order. */
export function BalanceTable(props: { currencies: readonly string[]; balances: LiabilityBalances; label: string }) {
  const rows = props.currencies.map((currency) => ({ currency, amount: props.balances[currency] ?? '0' }));
  return (
    <TwoColumns>
      <DataTable
        label={props.label}
        rowKey={(r) => r.currency}
        rows={rows}
        columns={[
          { key: 'liabilities.colCurrency', render: (r) => r.currency },
          { key: 'liabilities.colAmount', align: 'right', render: (r) => <span className="num">{count(r.amount)}</span> },
        ]}
      />
    </TwoColumns>
  );
}

/** The published snapshot: its root, time, source, user count and totals (the page and the console desk). */
export function Published(props: { snapshot: LiabilitySnapshot }) {
  const { t } = useTranslation();
  const s = props.snapshot;
  return (
    <Section>
      <h2>{t('liabilities.publishedTitle')}</h2>
      <DetailFacts>
        <DetailFact label={t('liabilities.root')} testId="liabilities-root">
          <Hash>{s.root}</Hash>
        </DetailFact>
        <DetailFact label={t('liabilities.builtAt')}>
          <DateTime at={s.built_at} />
        </DetailFact>
        <DetailFact label={t('liabilities.source')}>{s.source === 'daily' ? t('liabilities.sourceDaily') : t('liabilities.sourceOperator')}</DetailFact>
        <DetailFact label={t('liabilities.leafCount')}>{count(String(s.leaf_count))}</DetailFact>
      </DetailFacts>
      <h2 style={{ marginTop: 16 }}>{t('liabilities.totals')}</h2>
      <BalanceTable currencies={s.currencies} balances={s.totals} label={t('liabilities.totals')} />
    </Section>
  );
}


/**
 * The latest snapshot as its read stands (the page and the console desk): failed with a retry,
 * loading, none published yet, or `children` of the snapshot.
 */
export function SnapshotRead(props: { flow: { failed: boolean; retry: () => void; loading: boolean; snapshot: LiabilitySnapshot | null | undefined }; children: (snapshot: LiabilitySnapshot) => ReactNode }) {
  const { t } = useTranslation();
  const { flow } = props;
  if (flow.failed)
    return (
      <Muted role="alert">
        {t('liabilities.failed')} <RetryButton small onRetry={flow.retry} />
      </Muted>
    );
  if (flow.loading || flow.snapshot === undefined) return <Muted>{t('common.loading')}</Muted>;
  if (flow.snapshot === null) return <Muted data-testid="liabilities-none">{t('liabilities.none')}</Muted>;
  return props.children(flow.snapshot);
}
