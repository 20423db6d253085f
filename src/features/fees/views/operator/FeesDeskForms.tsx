import { FieldArray, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { DEFAULT_MARKET, FEE_PRODUCTS, type FeeOverride, type FeeOverrideEdit, type FeeScheduleEdit, type FeeScheduleRow, type FeeTier, type FeesDesk } from '../../../../../domain/fees';
import { Button } from '../../../../app/ui/Button';
import { DeskCodeAndRefusal, DeskRefusal, type DeskDialogProps } from '../../../../app/ui/DeskDialog';
import { DeskFormikDialog } from '../../../../app/ui/DeskFormikDialog';
import { FormCheckField, FormField, FormSelectField } from '../../../../app/ui/FormField';
import { FormProblem } from '../../../../app/ui/FormRows';
import {
  overrideOf,
  overrideSchema,
  overrideStart,
  scheduleOf,
  scheduleSchema,
  scheduleStart,
  tiersOf,
  tiersSchema,
  tiersStart,
  type OverrideValues,
  type ScheduleValues,
  type TiersValues,
} from './feesDeskSchemas';

/** A form-wide problem (the tier table's climb), said under the form once submitted. */
function FormWideProblem(props: { name: string }) {
  const { t } = useTranslation();
  const { errors, submitCount } = useFormikContext<Record<string, unknown>>();
  const error = errors[props.name];
  return submitCount > 0 && typeof error === 'string' ? <FormProblem role="alert">{t(error)}</FormProblem> : null;
}

/** The product and market selects: a product's listed markets and its default (`*`). */
function MarketFields(props: { desk: FeesDesk; product: string }) {
  const { t } = useTranslation();
  const markets = [DEFAULT_MARKET, ...props.desk.markets.filter((m) => m.product === props.product).map((m) => m.market)];
  return (
    <>
      <FormSelectField name="product" labelKey="fees.product" options={FEE_PRODUCTS.map((p) => ({ value: p, label: t(p === 'spot' ? 'fees.spot' : 'fees.futures') }))} />
      <FormSelectField name="market" labelKey="fees.market" options={markets.map((m) => ({ value: m, label: m === DEFAULT_MARKET ? t('fees.deskDefault') : m.replace('_', '/') }))} />
    </>
  );
}

/** Replaces the tier table: tier 0 from 0, each higher tier from a higher 30-day volume; confirmed next (FeeChangeDialog). */
export function TiersDialog(props: DeskDialogProps & { tiers: FeeTier[]; onSubmit: (tiers: FeeTier[]) => void }) {
  const { t } = useTranslation();
  return (
    <DeskFormikDialog<TiersValues> {...props} title={t('fees.form.tiersTitle')} submitKey="fees.form.next" intro={t('fees.form.tiersIntro')}
      initialValues={tiersStart(props.tiers)} validationSchema={tiersSchema} onSubmit={(v) => props.onSubmit(tiersOf(v))}>
      {({ values }) => (
        <>
          <FieldArray name="tiers">
            {(rows) => (
              <>
                {values.tiers.map((_, i) => (
                  <div className="tier" key={i}>
                    <FormField name={`tiers.${i}.tier`} labelKey="fees.tier" inputMode="numeric" />
                    <FormField name={`tiers.${i}.min_volume_usdt`} labelKey="fees.minVolume" inputMode="decimal" />
                    <Button type="button" $small $variant="ghost" onClick={() => rows.remove(i)} disabled={values.tiers.length <= 1} aria-label={t('fees.form.removeTier', { tier: values.tiers[i]?.tier ?? '' })}>
                      {t('fees.form.remove')}
                    </Button>
                  </div>
                ))}
                <div>
                  <Button type="button" $small $variant="ghost" onClick={() => rows.push({ tier: String(values.tiers.length), min_volume_usdt: '' })} disabled={values.tiers.length >= 20}>
                    {t('fees.form.addTier')}
                  </Button>
                </div>
              </>
            )}
          </FieldArray>
          <FormWideProblem name="tiers" />
          <DeskRefusal refusal={props.refusal} />
        </>
      )}
    </DeskFormikDialog>
  );
}

/** Sets one schedule row (a product's market or its default, from a tier up), or removes an existing one; confirmed next (FeeChangeDialog). */
export function ScheduleDialog(props: DeskDialogProps & { desk: FeesDesk; row: FeeScheduleRow | undefined; held?: FeeScheduleEdit | undefined; onSubmit: (edit: FeeScheduleEdit) => void }) {
  const { t } = useTranslation();
  const title = t(props.row ? 'fees.form.scheduleEditTitle' : 'fees.form.scheduleTitle');
  return (
    <DeskFormikDialog<ScheduleValues> {...props} title={title} submitKey="fees.form.next" intro={t('fees.form.scheduleIntro')}
      initialValues={scheduleStart(props.held ?? props.row, props.held?.remove === true)} validationSchema={scheduleSchema} onSubmit={(v) => props.onSubmit(scheduleOf(v))}>
      {({ values }) => (
        <>
          <div className="row">
            <MarketFields desk={props.desk} product={values.product} />
            <FormSelectField name="tier" labelKey="fees.tier" options={props.desk.tiers.map((r) => ({ value: String(r.tier), label: String(r.tier) }))} />
          </div>
          {!values.remove && (
            <div className="row two">
              <FormField name="maker" labelKey="fees.form.maker" inputMode="decimal" />
              <FormField name="taker" labelKey="fees.form.taker" inputMode="decimal" />
            </div>
          )}
          {props.row && <FormCheckField name="remove" labelKey="fees.form.removeRow" />}
          <DeskRefusal refusal={props.refusal} />
        </>
      )}
    </DeskFormikDialog>
  );
}

/** Sets a user's override until an end (a market maker's rebate, a partner's discount), or ends it now; asks the operator's 2FA code. */
export function OverrideDialog(props: DeskDialogProps & { desk: FeesDesk; override: FeeOverride | undefined; onSubmit: (edit: FeeOverrideEdit, code: string) => void }) {
  const { t } = useTranslation();
  const title = t(props.override ? 'fees.form.overrideEditTitle' : 'fees.form.overrideTitle');
  return (
    <DeskFormikDialog<OverrideValues> {...props} title={title} submitKey="fees.form.save" intro={t('fees.form.overrideIntro')}
      initialValues={overrideStart(props.override)} validationSchema={overrideSchema} onSubmit={(v) => props.onSubmit(overrideOf(v), v.code.trim())}>
      {({ values }) => (
        <>
          <div className="row">
            <FormField name="user_id" labelKey="fees.deskUser" inputMode="numeric" />
            <MarketFields desk={props.desk} product={values.product} />
          </div>
          {props.override && <FormCheckField name="end" labelKey="fees.form.endNow" />}
          {!values.end && (
            <>
              <div className="row">
                <FormField name="maker" labelKey="fees.form.maker" inputMode="decimal" />
                <FormField name="taker" labelKey="fees.form.taker" inputMode="decimal" />
                <FormField name="ends" labelKey="fees.form.ends" type="datetime-local" />
              </div>
              <FormField name="note" labelKey="fees.deskNote" />
            </>
          )}
          <DeskCodeAndRefusal labelKey="fees.form.code" refusal={props.refusal} />
        </>
      )}
    </DeskFormikDialog>
  );
}
