import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DepositRecord, WithdrawalRecord } from '../../../../domain/wallet';
import { useWalletRecords } from '../wallet.hooks';
import { ConfirmDialog } from '../../../app/ui/ConfirmDialog';
import { depositColumns, withdrawalColumns } from './recordColumns';
import { RecordsCard } from './RecordsCard';
import { Segmented } from '../../../app/ui/Segmented';

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

function Withdrawals(props: { tabs: React.ReactNode }) {
  const { t } = useTranslation();
  const records = useWalletRecords<WithdrawalRecord>('withdrawals', { days: 7, actionDoneKey: 'wallet.withdraw.cancelled' });
  return (
    <>
      <RecordsCard<WithdrawalRecord> heading="h1" title={t('menu.wallet.logCurrency')} tabs={props.tabs} records={records} columns={withdrawalColumns(t, records.act)} />
      {(records.confirming || records.acting) && (
        <ConfirmDialog title={t('wallet.withdraw.cancelTitle')} cancelLabel={t('common.cancel')} confirmLabel={t('wallet.withdraw.cancelConfirm')} tone="danger" busy={records.acting} onConfirm={records.confirm} onCancel={records.cancel}>
          {t('wallet.withdraw.cancelQuestion')}
        </ConfirmDialog>
      )}
    </>
  );
}

/** /wallet/log-currency: deposits and withdrawals, one tab each (which tab shows is presentation state). */
export function CurrencyLogPage() {
  const [tab, setTab] = useState<Tab>('deposits');
  const tabs = <Tabs tab={tab} onTab={setTab} />;
  return tab === 'deposits' ? <Deposits tabs={tabs} /> : <Withdrawals tabs={tabs} />;
}
