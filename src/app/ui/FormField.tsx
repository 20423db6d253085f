import { Field, useFormikContext } from 'formik';
import { useId, type ChangeEvent, type ReactNode } from 'react';
import { decimalInput } from '../../../domain/orderMath';
import { useTranslation } from 'react-i18next';

/** The form cards' field look lives with the other fields' styles (fieldStyles.ts), where pages without Formik take it from. */
export { fieldInput } from './fieldStyles';

export interface FormFieldProps {
  name: string;
  labelKey: string;
  /** `datetime-local`: a moment in the user's own time zone, as the browser's native picker gives it. */
  type?: 'text' | 'password' | 'datetime-local';
  autoComplete?: string;
  inputMode?: 'numeric' | 'decimal';
  /** Beside the input: a send-code button, a "max" link. */
  after?: ReactNode;
  /** Whether the message is announced as it appears (role=alert); the wallet forms say it quietly. */
  announce?: boolean;
  /** A line under the input saying what the field means (a `.hint`, tied to the input like the message). */
  hintKey?: string;
  /** What the message's placeholders take (a setting's bounds: `{{min}}`, `{{max}}`). */
  messageValues?: Record<string, string | number>;
  /** The server's refusal of the value (already translated), said as a validation message is while the field has none of its own. */
  refusal?: string;
}

/**
 * A labelled Formik field with its translated validation message, styled by the card around it
 * (`.field`, `.with-button`, `.error`). The message is outside the label and tied to the input by
 * aria-describedby, so it never becomes part of the field's name.
 */
export function FormField(props: FormFieldProps) {
  const { t } = useTranslation();
  const { errors, touched, setFieldValue } = useFormikContext<Record<string, unknown>>();
  const id = useId();
  const error = touched[props.name] ? errors[props.name] : undefined;
  const message = typeof error === 'string' ? t(error, props.messageValues) : props.refusal;
  const described = [props.hintKey ? `${id}-hint` : '', message ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{t(props.labelKey)}</label>
      <span className="with-button">
        <Field
          id={id}
          name={props.name}
          type={props.type ?? 'text'}
          autoComplete={props.autoComplete ?? 'off'}
          inputMode={props.inputMode}
          // A number field takes a figure copied from the page in the language's style ("1.234,50") and a decimal comma.
          // Only then given: an onChange of undefined would replace Formik's own (Field spreads its props over the field's).
          {...(props.inputMode === 'decimal' ? { onChange: (e: ChangeEvent<HTMLInputElement>) => void setFieldValue(props.name, decimalInput(e.target.value)) } : {})}
          aria-invalid={Boolean(message)}
          aria-describedby={described || undefined}
        />
        {props.after}
      </span>
      {props.hintKey && (
        <span className="hint" id={`${id}-hint`}>
          {t(props.hintKey)}
        </span>
      )}
      {message && (
        <span className="error" id={`${id}-error`} role={props.announce === false ? undefined : 'alert'}>
          {message}
        </span>
      )}
    </div>
  );
}

/** A labelled select of a Formik field over options already translated (the fees and corrections desks' dialogs). */
export function FormSelectField(props: { name: string; labelKey: string; options: ReadonlyArray<{ value: string; label: string }> }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t(props.labelKey)}</label>
      <Field as="select" id={id} name={props.name}>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Field>
    </div>
  );
}

/** A Formik checkbox with its label after it (the desks' dialogs: `.check` in DeskForm). */
export function FormCheckField(props: { name: string; labelKey: string }) {
  const { t } = useTranslation();
  return (
    <label className="check">
      <Field type="checkbox" name={props.name} />
      {t(props.labelKey)}
    </label>
  );
}
