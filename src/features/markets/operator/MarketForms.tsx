import { Field, Form, Formik } from 'formik';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { ToastMessage } from '../../../../domain/errors';
import type { MarketListing } from '../../../../domain/marketsDesk';
import { Button } from '../../../app/ui/Button';
import { Dialog } from '../../../app/ui/Dialog';
import { fieldInput, FormField } from '../../../app/ui/FormField';
import { FormProblem } from '../../../app/ui/FormRows';
import { Muted } from '../../../app/ui/Panel';
import { delistingSchema, listingOf, listingSchema, LISTING_START, localMoment, type DelistingValues, type ListingValues } from './marketFormSchemas';

/** The desk's forms: small labels over dense inputs, three to a row where they belong together. */
const DeskForm = styled.div`
  display: grid;
  gap: 10px;
  .field { display: grid; gap: 4px; align-content: start; }
  .field > label { font-size: 12px; color: ${({ theme }) => theme.color.textDim}; }
  input[type='text'], input[type='password'], input[type='datetime-local'], textarea { ${fieldInput('6px 9px')} font: inherit; }
  input[type='datetime-local'] { color-scheme: dark; }
  textarea { resize: vertical; min-height: 60px; }
  .with-button { display: flex; gap: 6px; }
  .with-button input { flex: 1; }
  .error { color: ${({ theme }) => theme.color.down}; font-size: 12px; }
  .row { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 10px; }
  .row.two { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  fieldset { border: 1px solid ${({ theme }) => theme.color.border}; border-radius: 4px; padding: 8px 10px 10px; margin: 0; display: grid; gap: 8px; }
  legend { font-size: 12px; color: ${({ theme }) => theme.color.textDim}; padding: 0 4px; }
  .check { display: flex; gap: 8px; align-items: center; font-size: 13px; }
  @media (max-width: 560px) { .row, .row.two { grid-template-columns: 1fr; } }
`;

interface FormDialogProps {
  sending: boolean;
  refusal: ToastMessage | undefined;
  onClose: () => void;
}

/** The server's refusal, under the form (translated by the server, or a catalogue key). */
function Refusal(props: { refusal: ToastMessage | undefined }) {
  const { t } = useTranslation();
  if (!props.refusal) return null;
  return <FormProblem role="alert">{'key' in props.refusal ? t(props.refusal.key) : props.refusal.text}</FormProblem>;
}

/** A dialog whose footer submits the form `formId`. */
function FormDialog(props: FormDialogProps & { title: string; submitKey: string; formId: string; danger?: boolean; wide?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={props.title}
      onClose={props.onClose}
      wide={props.wide}
      footer={
        <>
          <Button type="button" $variant="ghost" onClick={props.onClose} disabled={props.sending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={props.formId} $variant={props.danger ? 'danger' : undefined} disabled={props.sending}>
            {t(props.submitKey)}
          </Button>
        </>
      }
    >
      {props.children}
    </Dialog>
  );
}

/** The operator's own 2FA code (or a recovery code): listing and delisting ask it. */
const CodeField = () => <FormField name="code" labelKey="marketsDesk.form.code" inputMode="numeric" autoComplete="one-time-code" />;

/**
 * Lists a spot pair: two existing currencies, the precisions (the price's places are its tick),
 * the smallest order, the makers' reference price, and whether makers quote it (spread, depth).
 */
export function ListPairDialog(props: FormDialogProps & { onSubmit: (listing: MarketListing, code: string) => void }) {
  const { t } = useTranslation();
  const formId = useId();
  return (
    <FormDialog {...props} wide title={t('marketsDesk.form.listTitle')} submitKey="marketsDesk.form.listSubmit" formId={formId}>
      <Formik<typeof LISTING_START>
        initialValues={LISTING_START}
        validationSchema={listingSchema}
        onSubmit={(values) => {
          const cast = listingSchema.cast(values) as ListingValues;
          props.onSubmit(listingOf(cast), cast.code);
        }}
      >
        {({ values }) => (
          <Form id={formId} noValidate aria-label={t('marketsDesk.form.listTitle')}>
            <DeskForm>
              <Muted style={{ margin: 0 }}>{t('marketsDesk.form.listIntro')}</Muted>
              <div className="row two">
                <FormField name="base" labelKey="marketsDesk.form.base" />
                <FormField name="quote" labelKey="marketsDesk.form.quote" />
              </div>
              <div className="row">
                <FormField name="price_precision" labelKey="marketsDesk.form.pricePrecision" inputMode="numeric" />
                <FormField name="amount_precision" labelKey="marketsDesk.form.amountPrecision" inputMode="numeric" />
                <FormField name="reference_price" labelKey="marketsDesk.form.referencePrice" inputMode="decimal" />
              </div>
              <div className="row two">
                <FormField name="min_quantity" labelKey="marketsDesk.form.minQuantity" inputMode="decimal" />
                <FormField name="min_notional" labelKey="marketsDesk.form.minNotional" inputMode="decimal" />
              </div>
              <fieldset>
                <legend>{t('marketsDesk.form.makersLegend')}</legend>
                <label className="check">
                  <Field type="checkbox" name="makers" />
                  {t('marketsDesk.form.makers')}
                </label>
                {values.makers && (
                  <div className="row two">
                    <FormField name="maker_spread" labelKey="marketsDesk.form.spread" inputMode="decimal" />
                    <FormField name="maker_depth" labelKey="marketsDesk.form.depth" inputMode="numeric" />
                  </div>
                )}
              </fieldset>
              <CodeField />
              <Refusal refusal={props.refusal} />
            </DeskForm>
          </Form>
        )}
      </Formik>
    </FormDialog>
  );
}

/** Announces a spot market's delisting: when (the operator's local time) and the reason traders read. */
export function DelistDialog(props: FormDialogProps & { market: string; onSubmit: (delistAt: number, reason: string, code: string) => void }) {
  const { t } = useTranslation();
  const formId = useId();
  const reasonId = useId();
  const title = t('marketsDesk.form.delistTitle', { market: props.market });
  return (
    <FormDialog {...props} danger title={title} submitKey="marketsDesk.form.delistSubmit" formId={formId}>
      <Formik<DelistingValues> initialValues={{ delist_at: '', reason: '', code: '' }} validationSchema={delistingSchema} onSubmit={(v) => props.onSubmit(localMoment(v.delist_at), v.reason, v.code)}>
        {({ errors, touched }) => (
          <Form id={formId} noValidate aria-label={title}>
            <DeskForm>
              <Muted style={{ margin: 0 }}>{t('marketsDesk.form.delistIntro', { market: props.market })}</Muted>
              <FormField name="delist_at" labelKey="marketsDesk.form.delistAt" type="datetime-local" />
              <div className="field">
                <label htmlFor={reasonId}>{t('marketsDesk.reason')}</label>
                <Field as="textarea" id={reasonId} name="reason" aria-invalid={Boolean(touched.reason && errors.reason)} />
                {touched.reason && errors.reason && (
                  <span className="error" role="alert">
                    {t(errors.reason)}
                  </span>
                )}
              </div>
              <CodeField />
              <Refusal refusal={props.refusal} />
            </DeskForm>
          </Form>
        )}
      </Formik>
    </FormDialog>
  );
}
