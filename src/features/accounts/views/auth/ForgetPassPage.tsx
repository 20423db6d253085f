import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { forgetSchema, type ForgetValues } from '../../../../../domain/validation';
import { Button } from '../../../../app/ui/Button';
import { AuthCard, FormField } from './AuthForm';
import { usePasswordResetFlow } from '../../accounts.hooks';

type Values = ForgetValues & { area_code: string };

/** /forget-pass: the account whose password to reset; a code is sent to it. */
export function ForgetPassPage() {
  const { t } = useTranslation();
  const flow = usePasswordResetFlow();
  return (
    <AuthCard>
      <h1>{t('page.forgetPass.title')}</h1>
      <p className="intro">{t('page.forgetPass.intro')}</p>
      <Formik<Values>
        initialValues={{ account: flow.account?.account ?? '', area_code: flow.account?.area_code ?? '' }}
        validationSchema={forgetSchema}
        onSubmit={(v) => flow.sendCode({ account: v.account, ...(v.area_code.trim() ? { area_code: v.area_code.trim() } : {}) })}
      >
        <Form noValidate>
          <FormField name="account" labelKey="auth.account" autoComplete="username" />
          <FormField name="area_code" labelKey="auth.areaCode" inputMode="numeric" />
          <Button type="submit" disabled={flow.sendingCode || flow.resendIn > 0} style={{ width: '100%' }}>
            {flow.resendIn > 0 ? t('auth.resendIn', { seconds: flow.resendIn }) : t('auth.sendCode')}
          </Button>
        </Form>
      </Formik>
      <p className="links">
        <Link to="/login">{t('nav.login')}</Link>
        <Link to="/reg">{t('nav.register')}</Link>
      </p>
    </AuthCard>
  );
}
