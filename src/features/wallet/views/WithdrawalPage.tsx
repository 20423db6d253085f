import { Form, Formik } from 'formik';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { money } from '../../../../domain/figures';
import type { WithdrawalRecord } from '../../../../domain/wallet';
import { maxWithdrawable, withdrawalTotal, withdrawSchema } from '../../../../domain/walletValidation';
import type { BookRecord } from '../../accounts/machines/recordBook/recordBook.machine';
import { useWalletRecords, useWithdrawalFlow } from '../wallet.hooks';
import { Button } from '../../../app/ui/Button';
import { ConfirmDialog } from '../../../app/ui/ConfirmDialog';
import { CurrencySelect } from './CurrencySelect';
import { NetworkChoice } from './NetworkChoice';
import { withdrawalColumns } from './recordColumns';
import { RecordsCard } from './RecordsCard';
import { ConfirmWithdrawalDialog, FundsPasswordDialog } from './WithdrawalDialogs';
import { WithdrawalField } from './WithdrawalField';
import { Card, Figure, Stack, Tip, WalletForm } from './walletUi';

/** /wallet/cash/{currency?}: the withdrawal machine's form and dialogs, and the user's withdrawals. */
export function WithdrawalPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const flow = useWithdrawalFlow(params.currency);
  const records = useWalletRecords<WithdrawalRecord>('withdrawals', { days: 7, actionDoneKey: 'wallet.withdraw.cancelled' });
  const bookId = useId();
  const limits = flow.limits;
  const addresses = flow.book.filter((b: BookRecord) => b.currency === flow.currency && b.network === flow.network);
  const choose = (symbol: string) => {
    flow.chooseCurrency(symbol);
    navigate(`/wallet/cash/${symbol}`, { replace: true });
  };
  return (
    <Stack>
      <Card aria-busy={flow.loading}>
        <div className="head">
          <h1>{t('menu.wallet.cash')}</h1>
        </div>
        <p className="intro">{t('page.cash.intro')}</p>
        <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 600px) 300px', gap: 32, alignItems: 'start' }}>
          <WalletForm>
            <div className="row">
              <CurrencySelect value={flow.currency} onChange={choose} closedWhen="draw" />
              <div />
            </div>
            {flow.choosing && <Tip $tone="up">{t('wallet.withdraw.chooseFirst')}</Tip>}
            {flow.closed && <Tip $tone="down" role="alert">{t('wallet.withdraw.closed', { currency: flow.currency })}</Tip>}
            {flow.loadFailed && (
              <Button type="button" $variant="ghost" $small onClick={flow.retry} style={{ justifySelf: 'start' }}>
                {t('common.retry')}
              </Button>
            )}
            {flow.done && (
              <>
                <Tip $tone="up" role="status">
                  {t('wallet.withdraw.submitted')} — {t('wallet.withdraw.doneDetail', { quantity: money(flow.form.quantity, flow.currency ?? ''), currency: flow.currency, address: flow.form.address })}
                </Tip>
                <Button type="button" onClick={flow.again} style={{ justifySelf: 'start' }}>
                  {t('wallet.withdraw.again')}
                </Button>
              </>
            )}
            {flow.editing && limits && (
              <>
                <NetworkChoice networks={flow.networks} value={flow.network} purpose="withdraw" onChange={flow.chooseNetwork} />
                <Formik
                  key={`${flow.currency}`}
                  initialValues={{ address: flow.form.address, quantity: flow.form.quantity }}
                  validationSchema={withdrawSchema(limits)}
                  enableReinitialize={false}
                  onSubmit={(values) => flow.submit(values)}
                >
                  {(formik) => {
                    const quantity = formik.values.quantity.trim();
                    const total = withdrawalTotal(quantity, limits.fee);
                    return (
                      <Form noValidate style={{ display: 'grid', gap: 12 }}>
                        {addresses.length > 0 && (
                          <div className="field">
                            <label htmlFor={bookId}>{t('wallet.withdraw.fromBook')}</label>
                            <select id={bookId} value="" onChange={(e) => e.target.value && void formik.setFieldValue('address', e.target.value)}>
                              <option value="">{t('wallet.withdraw.pickAddress', { n: addresses.length })}</option>
                              {addresses.map((a) => (
                                <option key={a.id} value={String(a.address)}>
                                  {a.note} · {String(a.address)}
                                </option>
                              ))}
                            </select>
                          </div>
                        )}
                        <WithdrawalField name="address" labelKey="wallet.withdraw.address" />
                        <WithdrawalField
                          name="quantity"
                          labelKey="wallet.withdraw.quantity"
                          inputMode="decimal"
                          after={
                            <Button type="button" $variant="ghost" onClick={() => void formik.setFieldValue('quantity', maxWithdrawable(limits))}>
                              {t('wallet.all')}
                            </Button>
                          }
                        />
                        <div className="hint">
                          <span>{t('wallet.withdraw.minimum')}</span>
                          <b>
                            {money(limits.min, flow.currency ?? '')} {flow.currency}
                          </b>
                        </div>
                        <div className="hint">
                          <span>{t('col.fee')}</span>
                          <b>
                            {money(limits.fee, flow.currency ?? '')} {flow.currency}
                          </b>
                        </div>
                        <div className="hint">
                          <span>{t('wallet.withdraw.receive')}</span>
                          <b>{total ? `${money(quantity, flow.currency ?? '')} ${flow.currency}` : '—'}</b>
                        </div>
                        <div className="hint">
                          <span>{t('wallet.withdraw.totalDeducted')}</span>
                          <b>{total ? `${money(total, flow.currency ?? '')} ${flow.currency}` : '—'}</b>
                        </div>
                        <Tip role="note">{t('addresses.networkTip')}</Tip>
                        {flow.refusal && (
                          <Tip $tone="down" role="alert">
                            {'key' in flow.refusal ? t(flow.refusal.key) : flow.refusal.text}
                          </Tip>
                        )}
                        <Button type="submit" disabled={flow.submitting} style={{ justifySelf: 'start', minWidth: 160 }}>
                          {t('menu.wallet.cash')}
                        </Button>
                      </Form>
                    );
                  }}
                </Formik>
              </>
            )}
          </WalletForm>
          <Card as="aside" aria-label={t('wallet.withdraw.quota')} style={{ display: 'grid', gap: 12 }}>
            <Figure>
              <span className="label">{t('col.available')}</span>
              <span className="value">{flow.quota ? `${money(flow.quota.available, flow.currency ?? '')} ${flow.currency}` : '—'}</span>
            </Figure>
            <Figure>
              <span className="label">{t('wallet.withdraw.remaining')}</span>
              <span className="value">{flow.quota ? `${money(flow.quota.remaining, flow.currency ?? '')} ${flow.currency}` : '—'}</span>
              <span className="sub">{flow.quota ? t('wallet.withdraw.limitUsdt', { used: money(flow.quota.used_usdt, 'USDT'), limit: money(flow.quota.limit_usdt, 'USDT') }) : ''}</span>
            </Figure>
            {flow.quota && !flow.quota.verified && <Tip>{t('wallet.withdraw.verifyForMore')}</Tip>}
          </Card>
        </div>
      </Card>
      <RecordsCard<WithdrawalRecord> title={t('wallet.withdraw.records')} records={records} columns={withdrawalColumns(t, records.act)} />
      {flow.securityCheck && <FundsPasswordDialog
          busy={flow.checkingPassword}
          refusal={flow.refusal ? ('key' in flow.refusal ? t(flow.refusal.key) : flow.refusal.text) : undefined}
          onSubmit={flow.enterPassword}
          onCancel={flow.back}
        />}
      {(flow.confirming || flow.submitting) && limits && flow.currency && flow.network && (
        <ConfirmWithdrawalDialog
          currency={flow.currency}
          network={flow.network}
          address={flow.form.address}
          quantity={flow.form.quantity}
          fee={limits.fee}
          busy={flow.submitting}
          onConfirm={flow.confirm}
          onCancel={flow.back}
        />
      )}
      {(records.confirming || records.acting) && (
        <ConfirmDialog title={t('wallet.withdraw.cancelTitle')} cancelLabel={t('common.cancel')} confirmLabel={t('wallet.withdraw.cancelConfirm')} tone="danger" busy={records.acting} onConfirm={records.confirm} onCancel={records.cancel}>
          {t('wallet.withdraw.cancelQuestion')}
        </ConfirmDialog>
      )}
    </Stack>
  );
}
