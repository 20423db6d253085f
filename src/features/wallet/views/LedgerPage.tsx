import { useTranslation } from 'react-i18next';
import type { LedgerRecord } from '../../../../domain/wallet';
import { useWalletAccounts } from '../../../app/walletAccountList';
import { useLedgerStatement, useWalletRecords } from '../wallet.hooks';
import { StatementExport } from '../../../app/ui/StatementExport';
import { ledgerColumns } from './recordColumns';
import { RecordsCard } from './RecordsCard';

/** /wallet/wallet-log: every balance change with the balance before and after (spec §3 wallet flow). */
export function LedgerPage() {
  const { t } = useTranslation();
  const accounts = useWalletAccounts();
  const records = useWalletRecords<LedgerRecord>('ledger', { days: 7 });
  const statement = useLedgerStatement();
  const intro = (
    <>
      <p className="intro">{t('page.walletLog.intro')}</p>
      <StatementExport what={t('statement.ledger')} {...statement} />
    </>
  );
  return <RecordsCard<LedgerRecord> heading="h1" title={t('menu.wallet.walletLog')} intro={intro} records={records} columns={ledgerColumns(t, accounts)} />;
}

