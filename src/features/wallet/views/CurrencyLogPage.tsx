import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DepositRecord } from '../../../../domain/wallet';
import { useWalletRecords } from '../wallet.hooks';
import { depositColumns } from './recordColumns';
import { RecordsCard } from './RecordsCard';
import { Segmented } from '../../../app/ui/Segmented';
import { WithdrawalRecords } from './WithdrawalDialogs';

type Tab = 'deposits' | 'withdrawals';

function Tabs(props: { tab: Tab; onTab: (tab: Tab) => void }) {
  const { t } = useTranslation();
  return (
    <Segmented role="tablist">
      <button type="button" role="tab" aria-selected={props.tab === 'deposits'} onClick={() => props.onTab('deposits')}>
        {t('wallet.records.deposits')}
      </button>
      <button type="button" role="tab" aria-selected={props.tab === 'withdrawals'} onClick={() => props.onTab('withdrawals')}>
        {t('wallet.records.withdrawals')}
      </button>
    </Segmented>
  );
}

function Deposits(props: { tabs: React.ReactNode }) {
  const { t } = useTranslation();
  const records = useWalletRecords<DepositRecord>('deposits', { days: 7 });
  return <RecordsCard<DepositRecord> heading="h1" title={t('menu.wallet.logCurrency')} tabs={props.tabs} records={records} columns={depositColumns(t)} />;
}

/** /wallet/log-currency: deposits and withdrawals, one tab each (which tab shows is presentation state). */
export function CurrencyLogPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('deposits');
  const tabs = <Tabs tab={tab} onTab={setTab} />;
  return tab === 'deposits' ? <Deposits tabs={tabs} /> : <WithdrawalRecords heading="h1" title={t('menu.wallet.logCurrency')} tabs={tabs} />;
}
