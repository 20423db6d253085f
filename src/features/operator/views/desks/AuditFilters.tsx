import { Field, Form, Formik } from 'formik';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import * as yup from 'yup';
import { OPERATOR_AUDIT_KIND_KEYS, OPERATOR_AUDIT_KINDS } from '../../../../../domain/operatorAuditKinds';
import { AUDIT_OUTCOMES } from '../../../../../domain/operators';
import { PHONE } from '../../../../app/theme';
import { Button } from '../../../../app/ui/Button';
import { FormField, FormSelectField } from '../../../../app/ui/FormField';
import { NO_AUDIT_FIELDS, type AuditSearchFields } from '../../machines/auditDesk/auditDesk.machine';
import { auditKindChoices } from './auditKindChoices';
import { DeskForm } from './deskUi';

const text = yup.string().trim().max(64, 'operatorDesks.validation.tooLong');
const day = yup.string().matches(/^(\d{4}-\d{2}-\d{2})?$/, 'operatorDesks.validation.date');

/** The audit filters as the server takes them (docs/API.md): an operator id, one of the kinds, texts of 64 characters at most, a range of days in order. */
const auditFiltersSchema = yup.object({
  operator: yup.string().trim().matches(/^\d{0,15}$/, 'operatorDesks.validation.operatorId'),
  kind: yup.string().oneOf(['', ...OPERATOR_AUDIT_KINDS]),
  objectType: text,
  objectId: text,
  outcome: yup.string().oneOf(['', ...AUDIT_OUTCOMES]),
  from: day,
  to: day.test('order', 'operatorDesks.validation.dateOrder', function order(value) {
    const from = (this.parent as { from?: string }).from;
    return !value || !from || value >= from;
  }),
});

const Bar = styled(DeskForm)`
  grid-template-columns: repeat(4, minmax(0, 1fr));
  align-items: end;
  margin: 8px 0 12px;
  .actions { display: flex; gap: 6px; justify-content: flex-end; }
  ${PHONE} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

/** A date field of the filter bar (<input type="date">, the browser's own picker), with its message. */
function DayField(props: { name: 'from' | 'to'; labelKey: string; error?: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t(props.labelKey)}</label>
      <Field id={id} name={props.name} type="date" aria-invalid={Boolean(props.error)} aria-describedby={props.error ? `${id}-error` : undefined} />
      {props.error && (
        <span className="error" id={`${id}-error`} role="alert">
          {t(props.error)}
        </span>
      )}
    </div>
  );
}

/**
 * The audit desk's filters: operator (id), kind (one of those the server writes, chosen by its
 * label, or all of them), object type and id, outcome, and a range of days in the operator's time
 * zone. Search sends them to the desk's machine; Clear shows the whole log again.
 */
export function AuditFilters(props: { fields: AuditSearchFields; busy: boolean; onSearch: (fields: AuditSearchFields) => void; onClear: () => void }) {
  const { t, i18n } = useTranslation();
  const outcomeId = useId();
  // Every kind by its label in the reader's order, after "all kinds" (the empty filter).
  const kinds = useMemo(
    () => [{ value: '', label: t('operatorDesks.audit.anyKind') }, ...auditKindChoices((kind) => t(OPERATOR_AUDIT_KIND_KEYS[kind]), i18n.language).map((c) => ({ value: c.kind, label: c.label }))],
    [t, i18n.language],
  );
  return (
    <Formik<AuditSearchFields> initialValues={props.fields} enableReinitialize validationSchema={auditFiltersSchema} onSubmit={(values) => props.onSearch(values)}>
      {({ errors, touched, resetForm }) => (
        <Form role="search" noValidate aria-label={t('operatorDesks.audit.filters')}>
          <Bar>
            <FormField name="operator" labelKey="operatorDesks.audit.operatorId" inputMode="numeric" />
            <FormSelectField name="kind" labelKey="operatorDesks.audit.kind" options={kinds} />
            <FormField name="objectType" labelKey="operatorDesks.audit.objectType" />
            <FormField name="objectId" labelKey="operatorDesks.audit.objectId" />
            <div className="field">
              <label htmlFor={outcomeId}>{t('operatorDesks.audit.outcome')}</label>
              <Field as="select" id={outcomeId} name="outcome">
                <option value="">{t('operatorDesks.audit.anyOutcome')}</option>
                <option value="done">{t('operatorDesks.audit.done')}</option>
                <option value="refused">{t('operatorDesks.audit.refused')}</option>
              </Field>
            </div>
            <DayField name="from" labelKey="operatorDesks.audit.from" error={touched.from ? errors.from : undefined} />
            <DayField name="to" labelKey="operatorDesks.audit.to" error={touched.to || touched.from ? errors.to : undefined} />
            <div className="actions">
              <Button
                type="button"
                $variant="ghost"
                $small
                onClick={() => {
                  resetForm({ values: NO_AUDIT_FIELDS });
                  props.onClear();
                }}
              >
                {t('operatorDesks.audit.clear')}
              </Button>
              <Button type="submit" $small disabled={props.busy}>
                {t('operatorDesks.audit.search')}
              </Button>
            </div>
          </Bar>
        </Form>
      )}
    </Formik>
  );
}
