import { useTranslation } from 'react-i18next';
import type { TransferRecord } from '../../../../domain/wallet';
import { useWalletAccounts } from '../../../app/walletAccountList';
import { useWalletRecords } from '../wallet.hooks';
import { transferColumns } from './recordColumns';
import { RecordsCard } from './RecordsCard';

/** /wallet/log-transfer: transfers between the user's accounts. */
export function TransferLogPage() {
  const { t } = useTranslation();
  const accounts = useWalletAccounts();
  const records = useWalletRecords<TransferRecord>('transfers', { days: 7 });
  return <RecordsCard<TransferRecord> heading="h1" title={t('menu.wallet.logTransfer')} records={records} columns={transferColumns(t, accounts)} />;
}
