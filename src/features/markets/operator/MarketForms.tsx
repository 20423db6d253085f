import { Field, Form, Formik } from 'formik';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DelistSubject, MarketListing } from '../../../../domain/marketsDesk';
import { DeskCodeAndRefusal, DeskDialog, DeskForm, type DeskDialogProps } from '../../../app/ui/DeskDialog';
import { FormCheckField, FormField } from '../../../app/ui/FormField';
import { Muted } from '../../../app/ui/Panel';
import { delistingSchema, listingOf, listingSchema, LISTING_START, localMoment, type DelistingValues, type ListingValues } from './marketFormSchemas';

/**
 * Lists a spot pair: two existing currencies, the precisions (the price's places are its tick),
 * the smallest order, the makers' reference price, and whether makers quote it (spread, depth).
 */
export function ListPairDialog(props: DeskDialogProps & { onSubmit: (listing: MarketListing, code: string) => void }) {
  const { t } = useTranslation();
  const formId = useId();
  return (
    <DeskDialog {...props} wide title={t('marketsDesk.form.listTitle')} submitKey="marketsDesk.form.listSubmit" formId={formId}>
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
                <FormCheckField name="makers" labelKey="marketsDesk.form.makers" />
                {values.makers && (
                  <div className="row two">
                    <FormField name="maker_spread" labelKey="marketsDesk.form.spread" inputMode="decimal" />
                    <FormField name="maker_depth" labelKey="marketsDesk.form.depth" inputMode="numeric" />
                  </div>
                )}
              </fieldset>
              <DeskCodeAndRefusal labelKey="marketsDesk.form.code" refusal={props.refusal} />
            </DeskForm>
          </Form>
        )}
      </Formik>
    </DeskDialog>
  );
}

/** What the delisting form says of each kind of delisting, and who reads the reason. */
const DELIST_TEXTS: Record<DelistSubject, { intro: string; reason: string }> = {
  spot: { intro: 'marketsDesk.form.delistIntro', reason: 'marketsDesk.reason' },
  futures: { intro: 'marketsDesk.form.delistIntroContract', reason: 'marketsDesk.reason' },
  currency: { intro: 'marketsDesk.form.delistIntroCurrency', reason: 'marketsDesk.form.reasonUsers' },
};

/** Announces a spot market's, a contract's or a currency's (`kind`) delisting: when (the operator's local time) and the reason traders or users read. */
export function DelistDialog(props: DeskDialogProps & { market: string; kind: DelistSubject; onSubmit: (delistAt: number, reason: string, code: string) => void }) {
  const { t } = useTranslation();
  const formId = useId();
  const reasonId = useId();
  const title = t('marketsDesk.form.delistTitle', { market: props.market });
  return (
    <DeskDialog {...props} danger title={title} submitKey="marketsDesk.form.delistSubmit" formId={formId}>
      <Formik<DelistingValues> initialValues={{ delist_at: '', reason: '', code: '' }} validationSchema={delistingSchema} onSubmit={(v) => props.onSubmit(localMoment(v.delist_at), v.reason, v.code)}>
        {({ errors, touched }) => (
          <Form id={formId} noValidate aria-label={title}>
            <DeskForm>
              <Muted style={{ margin: 0 }}>{t(DELIST_TEXTS[props.kind].intro, { market: props.market })}</Muted>
              <FormField name="delist_at" labelKey="marketsDesk.form.delistAt" type="datetime-local" />
              <div className="field">
                <label htmlFor={reasonId}>{t(DELIST_TEXTS[props.kind].reason)}</label>
                <Field as="textarea" id={reasonId} name="reason" aria-invalid={Boolean(touched.reason && errors.reason)} />
                {touched.reason && errors.reason && (
                  <span className="error" role="alert">
                    {t(errors.reason)}
                  </span>
                )}
              </div>
              <DeskCodeAndRefusal labelKey="marketsDesk.form.code" refusal={props.refusal} />
            </DeskForm>
          </Form>
        )}
      </Formik>
    </DeskDialog>
  );
}
