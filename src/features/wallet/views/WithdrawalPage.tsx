import { Form, Formik } from 'formik';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { money } from '../../../../domain/figures';
import { formatDateTime } from '../../../../domain/localeFormat';
import { maxWithdrawable, withdrawalTotal, withdrawSchema } from '../../../../domain/walletValidation';
import type { BookRecord } from '../../../kit/addressBook/bookRecord';
import { useWithdrawalFlow } from '../wallet.hooks';
import { Button } from '../../../app/ui/Button';
import { CurrencyStep } from './CurrencySelect';
import { NetworkChoice } from './NetworkChoice';
import { ConfirmWithdrawalDialog, FundsPasswordDialog, WithdrawalRecords } from './WithdrawalDialogs';
import { WithdrawalField } from './WithdrawalField';
import { DateTime } from '../../../app/ui/DateTime';
import { Card, Figure, FormCard, FormWithAside, Hint, inCurrency, Stack, Tip, WalletForm } from '../../../kit/wallet/walletUi';

/** /wallet/cash/{currency?}: the withdrawal machine's form and dialogs, and the user's withdrawals. */
export function WithdrawalPage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const flow = useWithdrawalFlow(params.currency);
  // A currency being delisted: its withdrawals are open until the announced end, which the form says (issue 52 §1).
  const delisting = flow.networks.find((n) => n.delisting)?.delisting;
  const bookId = useId();
  const limits = flow.limits;
  const addresses = flow.book.filter((b: BookRecord) => b.currency === flow.currency && b.network === flow.network);
  const heldUntil = flow.heldUntil;
  return (
    <Stack>
      <FormCard title={t('menu.wallet.cash')} intro={t('page.cash.intro')} busy={flow.loading}>
        <FormWithAside>
          <WalletForm>
            <CurrencyStep purpose="withdraw" flow={flow} />
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
                {heldUntil !== undefined && (
                  <Tip role="note" $tone="down">
                    {t('safety.lockedUntil')} <DateTime at={heldUntil} />
                  </Tip>
                )}
                {delisting && (
                  <Tip role="note" $tone="warn">
                    {t('wallet.delisting', { currency: flow.currency, reason: delisting.reason, time: formatDateTime(new Date(delisting.delist_at), i18n.language) })}
                  </Tip>
                )}
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
                            <select
                              id={bookId}
                              value=""
                              onChange={(e) => {
                                if (!e.target.value) return;
                                // Touched at once: in allowlist mode a saved address not yet usable is said at the field (issue 50 M16).
                                void formik.setFieldTouched('address', true, false);
                                void formik.setFieldValue('address', e.target.value, true);
                              }}
                            >
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
                        <Hint label={t('wallet.withdraw.minimum')}>{inCurrency(limits.min, flow.currency)}</Hint>
                        <Hint label={t('col.fee')}>{inCurrency(limits.fee, flow.currency)}</Hint>
                        <Hint label={t('wallet.withdraw.receive')}>{total ? inCurrency(quantity, flow.currency) : '—'}</Hint>
                        <Hint label={t('wallet.withdraw.totalDeducted')}>{total ? inCurrency(total, flow.currency) : '—'}</Hint>
                        <Tip role="note">{t('addresses.networkTip')}</Tip>
                        {flow.refusal && !flow.securityCheck && (
                          <Tip $tone="down" role="alert">
                            {'key' in flow.refusal ? t(flow.refusal.key) : flow.refusal.text}
                          </Tip>
                        )}
                        <Button type="submit" disabled={flow.submitting || heldUntil !== undefined} style={{ justifySelf: 'start', minWidth: 160 }}>
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
              <span className="value">{flow.quota ? inCurrency(flow.quota.available, flow.currency) : '—'}</span>
            </Figure>
            <Figure>
              <span className="label">{t('wallet.withdraw.remaining')}</span>
              <span className="value">{flow.quota ? inCurrency(flow.quota.remaining, flow.currency) : '—'}</span>
              <span className="sub">{flow.quota ? t('wallet.withdraw.limitUsdt', { used: money(flow.quota.used_usdt, 'USDT'), limit: money(flow.quota.limit_usdt, 'USDT') }) : ''}</span>
            </Figure>
            {flow.quota && !flow.quota.verified && <Tip>{t('wallet.withdraw.verifyForMore')}</Tip>}
          </Card>
        </FormWithAside>
      </FormCard>
      <WithdrawalRecords title={t('wallet.withdraw.records')} />
      {flow.securityCheck && <FundsPasswordDialog
          busy={flow.checkingPassword}
          twoFactor={flow.quota?.two_factor}
          refusal={flow.passwordRefusal ? ('key' in flow.passwordRefusal ? t(flow.passwordRefusal.key) : flow.passwordRefusal.text) : undefined}
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
    </Stack>
  );
}
