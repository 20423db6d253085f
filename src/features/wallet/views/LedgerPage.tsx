import { useTranslation } from 'react-i18next';
import type { LedgerRecord } from '../../../../domain/wallet';
import { useWalletAccounts } from '../../../app/walletAccountList';
import { useWalletRecords } from '../wallet.hooks';
import { ledgerColumns } from './recordColumns';
import { RecordsCard } from './RecordsCard';

/** /wallet/wallet-log: every balance change with the balance before and after (spec §3 wallet flow). */
export function LedgerPage() {
  const { t } = useTranslation();
  const accounts = useWalletAccounts();
  const records = useWalletRecords<LedgerRecord>('ledger', { days: 7 });
  return <RecordsCard<LedgerRecord> heading="h1" title={t('menu.wallet.walletLog')} intro={<p className="intro">{t('page.walletLog.intro')}</p>} records={records} columns={ledgerColumns(t, accounts)} />;
}

