import { Field, Form, Formik, type FormikValues } from 'formik';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { AnyObjectSchema } from 'yup';
import { Button } from '../../ui/Button';

export const AuthCard = styled.div`
  max-width: 400px;
  margin: 32px auto;
  background: ${({ theme }) => theme.color.panel};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: 6px;
  padding: 26px 28px;
  h1 { margin: 0 0 18px; font-size: 22px; }
  label { display: grid; gap: 5px; margin-bottom: 14px; color: ${({ theme }) => theme.color.textDim}; }
  input[type='text'], input[type='password'] {
    background: ${({ theme }) => theme.color.panelRaised};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: 4px;
    padding: 9px 10px;
    color: ${({ theme }) => theme.color.text};
  }
  .error { color: ${({ theme }) => theme.color.down}; font-size: 12px; }
  .notice { margin: 14px 0 0; padding: 8px 10px; border-left: 3px solid ${({ theme }) => theme.color.warn}; color: ${({ theme }) => theme.color.textDim}; background: ${({ theme }) => theme.color.warn}14; }
`;

export interface FieldSpec {
  name: string;
  labelKey: string;
  type?: 'text' | 'password';
}

/**
 * A Formik form over a spec §5 yup schema. Submitting is off until the server side of the
 * form exists (the accounts issue); until then the notice says so and validation still runs.
 */
export function AuthForm<V extends FormikValues>(props: {
  titleKey: string;
  schema: AnyObjectSchema;
  initialValues: V;
  fields: FieldSpec[];
  submitKey: string;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <AuthCard>
      <h1>{t(props.titleKey)}</h1>
      <Formik initialValues={props.initialValues} validationSchema={props.schema} onSubmit={() => undefined}>
        {({ errors, touched }) => (
          <Form noValidate>
            {props.fields.map((f) => (
              <label key={f.name}>
                {t(f.labelKey)}
                <Field name={f.name} type={f.type ?? 'text'} autoComplete={f.type === 'password' ? 'current-password' : 'username'} />
                {touched[f.name] && typeof errors[f.name] === 'string' && (
                  <span className="error" role="alert">
                    {t(errors[f.name] as string)}
                  </span>
                )}
              </label>
            ))}
            <Button type="submit" disabled style={{ width: '100%' }}>
              {t(props.submitKey)}
            </Button>
            <p className="notice" role="note">
              {t('pending.accounts')}
            </p>
          </Form>
        )}
      </Formik>
      {props.footer}
    </AuthCard>
  );
}
