import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { loginSchema, type LoginValues } from '../../../domain/validation';
import { AuthForm } from './AuthForm';

export function LoginPage() {
  const { t } = useTranslation();
  return (
    <AuthForm<LoginValues>
      titleKey="auth.loginTitle"
      schema={loginSchema}
      initialValues={{ account: '', password: '' }}
      fields={[
        { name: 'account', labelKey: 'auth.account' },
        { name: 'password', labelKey: 'auth.password', type: 'password' },
      ]}
      submitKey="nav.login"
      footer={
        <p style={{ display: 'flex', justifyContent: 'space-between' }}>
          <Link to="/forget-pass">{t('auth.forgot')}</Link>
          <Link to="/reg">{t('nav.register')}</Link>
        </p>
      }
    />
  );
}
