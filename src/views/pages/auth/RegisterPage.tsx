import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { registerSchema, type RegisterValues } from '../../../domain/validation';
import { AuthForm } from './AuthForm';

export function RegisterPage() {
  const { t } = useTranslation();
  return (
    <AuthForm<RegisterValues>
      titleKey="auth.registerTitle"
      schema={registerSchema}
      initialValues={{ account: '', code: '' }}
      fields={[
        { name: 'account', labelKey: 'auth.account' },
        { name: 'code', labelKey: 'auth.code' },
      ]}
      submitKey="auth.next"
      footer={
        <p style={{ display: 'flex', justifyContent: 'space-between' }}>
          <Link to="/agree">{t('footer.agreement')}</Link>
          <Link to="/login">{t('nav.login')}</Link>
        </p>
      }
    />
  );
}
