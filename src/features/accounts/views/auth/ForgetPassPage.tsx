import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { forgetSchema, type ForgetValues } from '../../../../../domain/validation';
import { AuthPage, AuthSubmit, FormField } from '../../../../kit/auth/AuthForm';
import { usePasswordResetFlow } from '../../accounts.hooks';
import { looksLikePhone } from './accountKind';

type Values = ForgetValues & { area_code: string };

/** /forget-pass: the account whose password to reset; a code is sent to it. */
export function ForgetPassPage() {
  const { t } = useTranslation();
  const flow = usePasswordResetFlow();
  return (
    <AuthPage
      title={t('page.forgetPass.title')}
      intro={t('page.forgetPass.intro')}
      links={
        <>
          <Link to="/login">{t('nav.login')}</Link>
          <Link to="/reg">{t('nav.register')}</Link>
        </>
      }
    >
      <Formik<Values>
        initialValues={{ account: flow.account?.account ?? '', area_code: flow.account?.area_code ?? '' }}
        validationSchema={forgetSchema}
        onSubmit={(v) => flow.sendCode({ account: v.account, ...(looksLikePhone(v.account) && v.area_code.trim() ? { area_code: v.area_code.trim() } : {}) })}
      >
        {({ values }) => (
          <Form noValidate>
            <FormField name="account" labelKey="auth.account" autoComplete="username" />
            {looksLikePhone(values.account) && <FormField name="area_code" labelKey="auth.areaCode" inputMode="numeric" />}
            <AuthSubmit busy={flow.sendingCode || flow.resendIn > 0}>{flow.resendIn > 0 ? t('auth.resendIn', { seconds: flow.resendIn }) : t('auth.sendCode')}</AuthSubmit>
          </Form>
        )}
      </Formik>
    </AuthPage>
  );
}
