import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { loginSchema, type LoginValues } from '../../../../../domain/validation';
import { AuthPage, AuthSubmit, FormField, FormRefusal } from '../../../../kit/auth/AuthForm';
import { useLoginFlow } from '../../accounts.hooks';
import { TwoFactorLoginStep } from './TwoFactorLoginStep';
import { looksLikePhone } from './accountKind';

type Values = LoginValues & { area_code: string };

/** What a phone account is typed as: digits, spaces and dashes (an email has its @). */

/**
 * /login: account (email or phone) and login password. A phone account was registered with its
 * area code, so the area code field appears once the account reads as a phone number.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const flow = useLoginFlow();
  // 2FA on: the password was right; the code step takes over (TwoFactorLoginStep).
  if (flow.challenge) return <TwoFactorLoginStep challenge={flow.challenge} locked={flow.challengeLocked} onCancel={flow.cancelSecondFactor} />;
  const submit = ({ area_code, ...values }: Values) => flow.submit(looksLikePhone(values.account) && area_code.trim() ? { ...values, area_code: area_code.trim() } : values);
  return (
    <AuthPage
      title={t('auth.loginTitle')}
      links={
        <>
          <Link to="/forget-pass">{t('auth.forgot')}</Link>
          <Link to="/reg">{t('nav.register')}</Link>
        </>
      }
    >
      <Formik<Values> initialValues={{ account: '', area_code: '', password: '' }} validationSchema={loginSchema} onSubmit={submit}>
        {({ values }) => (
          // A change to any field takes away the refusal written above the button (issue 50 S3).
          <Form noValidate onChange={flow.edit}>
            <FormField name="account" labelKey="auth.account" autoComplete="username" />
            {looksLikePhone(values.account) && <FormField name="area_code" labelKey="auth.areaCode" inputMode="numeric" />}
            <FormField name="password" labelKey="auth.password" type="password" autoComplete="current-password" />
            <FormRefusal refusal={flow.refusal} testId="login-refusal" />
            <AuthSubmit busy={flow.submitting}>{t('nav.login')}</AuthSubmit>
          </Form>
        )}
      </Formik>
    </AuthPage>
  );
}
