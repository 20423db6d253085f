import { Field, useFormikContext } from 'formik';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A labelled Formik input with its translated message below, tied by aria-describedby. */
export function WithdrawalField(props: { name: string; labelKey: string; inputMode?: 'decimal'; after?: ReactNode }) {
  const { t } = useTranslation();
  const { errors, touched } = useFormikContext<Record<string, string>>();
  const id = useId();
  const error = touched[props.name] ? errors[props.name] : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{t(props.labelKey)}</label>
      <div className="with-button">
        <Field id={id} name={props.name} type="text" autoComplete="off" inputMode={props.inputMode} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
        {props.after}
      </div>
      {error && (
        <span id={`${id}-error`} className="error">
          {t(String(error))}
        </span>
      )}
    </div>
  );
}
