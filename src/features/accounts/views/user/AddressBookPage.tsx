import { Field, Form, Formik } from 'formik';
import { useId, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { WithdrawalAddress } from '../../../../../domain/userCentre';
import { withdrawalAddressSchema, type WithdrawalAddressValues } from '../../../../../domain/validation';
import { useAppFlow } from '../../../../app/views/hooks';
import { Button } from '../../../../app/ui/Button';
import { ListPanel, RetryButton } from '../../../../app/ui/RetryButton';
import { DateTime } from '../../../../app/ui/DateTime';
import { LongText } from '../../../../app/ui/LongText';
import { FormField, FormRefusal } from '../../../../kit/auth/AuthForm';
import { ConfirmDeleteDialog, deleteColumn } from './ConfirmDeleteDialog';
import { FormCard } from './FormCard';
import { useAddressNetworksFlow, useRecordBookFlow } from '../../accounts.hooks';

/** /user/c-symAddr: the withdrawal address book — list, add, delete after confirmation. */
export function AddressBookPage() {
  const { t } = useTranslation();
  const { currencies } = useAppFlow();
  const book = useRecordBookFlow('addresses');
  const withdrawable = currencies.filter((c) => c.draw_turn === 1).map((c) => c.symbol);
  const firstCurrency = withdrawable[0] ?? 'USDT';
  // Issue 50 M12: the Network is one of the chosen currency's networks, not free text.
  const choices = useAddressNetworksFlow(firstCurrency);
  const rows = book.records as unknown as WithdrawalAddress[];
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 12 }}>
      <ListPanel<WithdrawalAddress>
        title={t('menu.user.withdrawAddresses')}
        intro={t('page.symAddr.intro')}
        failed={book.loadFailed}
        onRetry={book.retry}
        rows={rows}
        columns={[
          { key: 'col.currency', render: (r) => r.currency },
          { key: 'col.network', render: (r) => r.network },
          // All of an address in view (it is checked by eye), on a few lines of a narrow column.
          {
            key: 'col.address',
            render: (r) => (
              <code>
                <LongText text={r.address} maxWidth="min(24ch, 55vw)" />
              </code>
            ),
          },
          { key: 'col.note', render: (r) => <LongText text={r.note} mode="ellipsis" maxWidth="16ch" /> },
          // Allowlist mode (issue 35): a saved address takes withdrawals only 24 h after it was saved.
          { key: 'safety.usableFrom', render: (r) => (r.usable_from && r.usable_from > Date.now() ? <DateTime at={r.usable_from} /> : t('safety.usableNow')) },
          deleteColumn((r) => book.remove(r.id)),
        ]}
      />
      <FormCard>
        <h2 style={{ margin: '0 0 10px', fontSize: 15 }}>{t('addresses.add')}</h2>
        <p className="tip">{t('addresses.networkTip')}</p>
        <Formik<WithdrawalAddressValues & { totp_code: string }>
          key={rows.length}
          // After a save the form starts afresh on the currency whose networks are listed.
          initialValues={{ currency: choices.networksOf ?? firstCurrency, network: '', address: '', note: '', totp_code: '' }}
          validationSchema={withdrawalAddressSchema}
          onSubmit={(v) =>
            book.save({
              currency: v.currency.trim(),
              network: v.network.trim(),
              address: v.address.trim(),
              note: v.note.trim(),
              // With 2FA on, a new withdrawal address takes a code (the server ignores one when it is off).
              ...(v.totp_code.trim() ? { totp_code: v.totp_code.trim() } : {}),
            })
          }
        >
          {(formik) => (
            // A change to any field (the currency and network selects too) takes away the refusal above the button (issue 50 S3).
            <Form noValidate onChange={book.edit}>
              <div className="row">
                <SelectField
                  name="currency"
                  labelKey="col.currency"
                  onChange={(e: ChangeEvent<HTMLSelectElement>) => {
                    void formik.setFieldValue('currency', e.target.value);
                    void formik.setFieldValue('network', '', false);
                    choices.chooseCurrency(e.target.value);
                  }}
                >
                  {(withdrawable.length ? withdrawable : ['USDT']).map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </SelectField>
                <SelectField
                  name="network"
                  labelKey="col.network"
                  error={formik.touched.network && typeof formik.errors.network === 'string' ? formik.errors.network : undefined}
                  busy={choices.loadingNetworks}
                  after={choices.networksFailed && <RetryButton onRetry={choices.retryNetworks} />}
                >
                  <option value="">{t(choices.loadingNetworks ? 'common.loading' : 'addresses.chooseNetwork')}</option>
                  {choices.networks.map((n) => (
                    <option key={n.network} value={n.network} disabled={!n.withdraw_enabled}>
                      {n.withdraw_enabled ? n.network : t('addresses.networkClosed', { network: n.network })}
                    </option>
                  ))}
                </SelectField>
              </div>
              <FormField name="address" labelKey="col.address" />
              <FormField name="note" labelKey="addresses.noteLabel" />
              {/* What the app knows of 2FA: the code asked with a plain label when on, not at all when off; unknown, "if 2FA is on" (issue 50 C8). */}
              {book.twoFactor !== false && (
                <FormField name="totp_code" labelKey={book.twoFactor ? 'twoFactor.codeOrRecovery' : 'twoFactor.optionalCode'} inputMode="numeric" autoComplete="one-time-code" />
              )}
              <FormRefusal refusal={book.refusal} testId="address-refusal" />
              <Button type="submit" disabled={book.saving}>
                {t('addresses.add')}
              </Button>
            </Form>
          )}
        </Formik>
      </FormCard>
      <ConfirmDeleteDialog actor={book.deleteQuestion} messageKey="addresses.confirmDeleteAddress" />
    </div>
  );
}

/**
 * One select of the form with its label; `error` (a text key) is said under it and tied to it,
 * `after` comes below that (the currency and network selects share this frame).
 */
function SelectField(props: { name: string; labelKey: string; error?: string; busy?: boolean; onChange?: (e: ChangeEvent<HTMLSelectElement>) => void; after?: ReactNode; children: ReactNode }) {
  const { labelKey, error, busy, after, children, ...field } = props;
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t(labelKey)}</label>
      {/* `field` holds an onChange only when given: an undefined one would replace Formik's own. */}
      <Field as="select" id={id} {...field} aria-invalid={Boolean(error)} aria-describedby={error ? `${id}-error` : undefined} aria-busy={busy}>
        {children}
      </Field>
      {error && (
        <span className="error" id={`${id}-error`}>
          {t(error)}
        </span>
      )}
      {after}
    </div>
  );
}
