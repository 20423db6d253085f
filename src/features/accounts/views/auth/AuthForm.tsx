import { Field, useFormikContext } from 'formik';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';

export const AuthCard = styled.div`
  max-width: 420px;
  margin: 32px auto;
  background: ${({ theme }) => theme.color.panel};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: 6px;
  padding: 26px 28px;
  h1 { margin: 0 0 6px; font-size: 22px; }
  .intro { margin: 0 0 18px; color: ${({ theme }) => theme.color.textDim}; }
  .field { display: grid; gap: 5px; margin-bottom: 14px; color: ${({ theme }) => theme.color.textDim}; }
  label.check { display: flex; align-items: center; gap: 8px; margin-bottom: 14px; color: ${({ theme }) => theme.color.textDim}; }
  input[type='text'], input[type='password'], input[type='email'] {
    background: ${({ theme }) => theme.color.panelRaised};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: 4px;
    padding: 9px 10px;
    color: ${({ theme }) => theme.color.text};
    width: 100%;
  }
  .with-button { display: flex; gap: 8px; }
  .error { color: ${({ theme }) => theme.color.down}; font-size: 12px; }
  .links { display: flex; justify-content: space-between; margin-top: 14px; }
  button.linkish { all: unset; cursor: pointer; color: ${({ theme }) => theme.color.accent}; }
`;

/**
 * A labelled Formik field with its translated validation message. The message is outside the
 * label and tied to the input by aria-describedby, so it never becomes part of the field's name.
 */
export function FormField(props: { name: string; labelKey: string; type?: 'text' | 'password'; autoComplete?: string; inputMode?: 'numeric'; after?: ReactNode }) {
  const { t } = useTranslation();
  const { errors, touched } = useFormikContext<Record<string, unknown>>();
  const id = useId();
  const error = touched[props.name] ? errors[props.name] : undefined;
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
          aria-invalid={Boolean(error)}
          aria-describedby={typeof error === 'string' ? `${id}-error` : undefined}
        />
        {props.after}
      </span>
      {typeof error === 'string' && (
        <span className="error" id={`${id}-error`} role="alert">
          {t(error)}
        </span>
      )}
    </div>
  );
}

/** The second page of a two-page flow opened on its own: say so and link back to the first. */
export function StartOver(props: { titleKey: string; to: string; linkKey: string }) {
  const { t } = useTranslation();
  return (
    <AuthCard>
      <h1>{t(props.titleKey)}</h1>
      <p className="intro">{t('auth.startOver')}</p>
      <Link to={props.to}>{t(props.linkKey)} →</Link>
    </AuthCard>
  );
}
