import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { loginSchema, type LoginValues } from '../../../../domain/validation';
import { Button } from '../../../../app/ui/Button';
import { AuthCard, FormField } from './AuthForm';
import { useLoginFlow } from '../../accounts.hooks';

/** /login: account (email or phone) and login password. */
export function LoginPage() {
  const { t } = useTranslation();
  const flow = useLoginFlow();
  return (
    <AuthCard>
      <h1>{t('auth.loginTitle')}</h1>
      <Formik<LoginValues> initialValues={{ account: '', password: '' }} validationSchema={loginSchema} onSubmit={(values) => flow.submit(values)}>
        <Form noValidate>
          <FormField name="account" labelKey="auth.account" autoComplete="username" />
          <FormField name="password" labelKey="auth.password" type="password" autoComplete="current-password" />
          <Button type="submit" disabled={flow.submitting} style={{ width: '100%' }}>
            {t('nav.login')}
          </Button>
        </Form>
      </Formik>
      <p className="links">
        <Link to="/forget-pass">{t('auth.forgot')}</Link>
        <Link to="/reg">{t('nav.register')}</Link>
      </p>
    </AuthCard>
  );
}
