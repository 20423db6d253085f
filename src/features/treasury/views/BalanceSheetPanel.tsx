import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { BalanceSheet, BalanceSheetRow } from '../../../../domain/treasury';
import { Badge } from '../../../app/ui/Badge';
import { Muted } from '../../../app/ui/Panel';
import { RetryTable } from '../../../app/ui/RetryButton';
import { sheetBalanced, sheetDownload } from '../machines/treasuryDesk/treasuryDesk.selectors';

const Head = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  flex-wrap: wrap;
  margin-top: 24px;
  h3 { flex: 1; margin: 0; }
  a { font-size: 12px; color: ${({ theme }) => theme.color.accent}; }
`;

/**
 * User liabilities against the exchange's holdings, per currency: what crossed the chain
 * (deposits, withdrawals), what users hold, what the house holds, and the difference, which is the
 * ledger audit's rule — zero in every currency while the books are clean.
 */
export function BalanceSheetPanel(props: { sheet: BalanceSheet | undefined; loading: boolean; failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  const { sheet } = props;
  const download = sheet ? sheetDownload(sheet) : undefined;
  return (
    <section aria-label={t('treasury.sheet.title')}>
      <Head>
        <h3>{t('treasury.sheet.title')}</h3>
        {sheet && <Badge $tone={sheetBalanced(sheet) ? 'up' : 'down'}>{t(sheetBalanced(sheet) ? 'treasury.sheet.balanced' : 'treasury.sheet.unbalanced')}</Badge>}
        {download && (
          <a href={download.href} download={download.name}>
            {t('treasury.exportCsv')}
          </a>
        )}
      </Head>
      <Muted>{t('treasury.sheet.intro')}</Muted>
      <RetryTable<BalanceSheetRow>
        failed={props.failed}
        onRetry={props.onRetry}
        loading={props.loading}
        label={t('treasury.sheet.title')}
        rows={sheet?.rows ?? []}
        rowKey={(r) => r.currency}
        emptyKey="treasury.empty"
        columns={[
          { key: 'treasury.sheet.col.currency', render: (r) => <b>{r.currency}</b> },
          { key: 'treasury.sheet.col.deposits', align: 'right', render: (r) => r.deposits },
          { key: 'treasury.sheet.col.withdrawals', align: 'right', render: (r) => r.withdrawals },
          { key: 'treasury.sheet.col.holdings', align: 'right', render: (r) => r.holdings },
          { key: 'treasury.sheet.col.users', align: 'right', render: (r) => r.users },
          { key: 'treasury.sheet.col.house', align: 'right', render: (r) => r.house },
          { key: 'treasury.sheet.col.difference', align: 'right', render: (r) => <Badge $tone={r.difference === '0' ? 'up' : 'down'}>{r.difference}</Badge> },
        ]}
      />
    </section>
  );
}
