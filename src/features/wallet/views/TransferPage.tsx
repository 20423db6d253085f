import { Form, Formik } from 'formik';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import type { TransferRecord, WalletAccount } from '../../../../domain/wallet';
import { amountInput } from '../../../../domain/walletAmounts';
import { transferSchema } from '../../../../domain/walletValidation';
import { useTransferFlow, useWalletRecords } from '../wallet.hooks';
import { PHONE } from '../../../app/theme';
import { Button } from '../../../app/ui/Button';
import { OptionSelect } from '../../../app/ui/FormRows';
import { CurrencySelect } from './CurrencySelect';
import { transferColumns } from './recordColumns';
import { accountLabelKey, useWalletAccounts, type WalletAccountLink } from '../../../app/walletAccountList';
import { RecordsCard } from './RecordsCard';
import { WithdrawalField } from './WithdrawalField';
import { FormCard, Hint, inCurrency, Stack, Tip, WalletForm } from '../../../kit/wallet/walletUi';

/**
 * From, the swap and To side by side; stacked on a phone, where two account names side by side were
 * cut short ("Счёт фьючерсо…", "USDT-M先物アカ…"), and the swap's arrows turn to match.
 */
const AccountPair = styled.div`
  display: grid;
  grid-template-columns: 1fr auto 1fr;
  gap: 10px;
  align-items: end;
  ${PHONE} {
    grid-template-columns: 1fr;
    > button {
      justify-self: start;
      transform: rotate(90deg);
    }
  }
`;

const isAccount = (accounts: readonly WalletAccountLink[], value: string | null): value is WalletAccount => accounts.some((a) => a.account === value);

function AccountSelect(props: { labelKey: string; value: WalletAccount; onChange: (account: WalletAccount) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const accounts = useWalletAccounts();
  return (
    <div className="field">
      <label htmlFor={id}>{t(props.labelKey)}</label>
      <OptionSelect id={id} value={props.value} options={accounts.map((a) => a.account)} labelOf={(a) => t(accountLabelKey(accounts, a) ?? a)} onChange={props.onChange} />
    </div>
  );
}

/** /wallet/transfer: move funds between the five accounts, instantly and without a fee (spec §9). */
export function TransferPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const accounts = useWalletAccounts();
  const from = search.get('from');
  // A page that sends here for funds says where they should go too (the ICO page: to the ICO account).
  const to = search.get('to');
  const flow = useTransferFlow({ currency: search.get('currency') ?? undefined, from: isAccount(accounts, from) ? from : undefined, to: isAccount(accounts, to) ? to : undefined });
  const records = useWalletRecords<TransferRecord>('transfers', { days: 7 });
  const available = flow.available;
  return (
    <Stack>
      <FormCard title={t('menu.wallet.transfer')} intro={t('page.transfer.intro')}>
        <WalletForm style={{ maxWidth: 640 }}>
          <CurrencySelect value={flow.currency} onChange={flow.chooseCurrency} />
          <AccountPair>
            <AccountSelect labelKey="col.from" value={flow.from} onChange={flow.chooseFrom} />
            <Button type="button" $variant="ghost" aria-label={t('wallet.transfer.swap')} title={t('wallet.transfer.swap')} onClick={flow.swap}>
              ⇄
            </Button>
            <AccountSelect labelKey="col.to" value={flow.to} onChange={flow.chooseTo} />
          </AccountPair>
          <Formik
            key={`${flow.completed}`}
            initialValues={{ quantity: '' }}
            validationSchema={transferSchema({ available: available ?? '0', from: flow.from, to: flow.to })}
            onSubmit={(values) => flow.submit(values.quantity)}
          >
            {(formik) => (
              <Form noValidate style={{ display: 'grid', gap: 12 }}>
                <WithdrawalField
                  name="quantity"
                  labelKey="col.quantity"
                  inputMode="decimal"
                  after={
                    <Button type="button" $variant="ghost" disabled={available === undefined} onClick={() => void formik.setFieldValue('quantity', amountInput(available ?? '0'))}>
                      {t('wallet.all')}
                    </Button>
                  }
                />
                <Hint label={t('col.available')} testId="transfer-available">
                  {available === undefined ? (flow.availableFailed ? '—' : t('common.loading')) : inCurrency(available, flow.currency)}
                </Hint>
                <Hint label={t('col.fee')}>{inCurrency('0', flow.currency)}</Hint>
                {flow.availableFailed && (
                  <Button type="button" $variant="ghost" $small onClick={flow.retry} style={{ justifySelf: 'start' }}>
                    {t('common.retry')}
                  </Button>
                )}
                <Tip $tone="up">{t('wallet.transfer.noFee')}</Tip>
                <Button type="submit" disabled={flow.submitting || flow.cooling || available === undefined} aria-busy={flow.submitting || flow.cooling} style={{ justifySelf: 'start', minWidth: 160 }}>
                  {flow.submitting || flow.cooling ? t('wallet.transfer.pending') : t('wallet.transfer.submit')}
                </Button>
              </Form>
            )}
          </Formik>
        </WalletForm>
      </FormCard>
      <RecordsCard<TransferRecord> title={t('menu.wallet.logTransfer')} records={records} columns={transferColumns(t, accounts)} />
    </Stack>
  );
}
