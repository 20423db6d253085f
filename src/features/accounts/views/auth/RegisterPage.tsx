import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { registerSchema, type RegisterValues } from '../../../../../domain/validation';
import { useAppFlow } from '../../../../app/views/hooks';
import { AuthPage, AuthSubmit, FormField } from '../../../../kit/auth/AuthForm';
import { CodeButton } from './CodeButton';
import { useRegistrationFlow } from '../../accounts.hooks';
import { looksLikePhone } from './accountKind';

type Values = RegisterValues & { area_code: string };

/** /reg: email, or phone with area code when phone registration is on; then the code. */
export function RegisterPage() {
  const { t } = useTranslation();
  const flow = useRegistrationFlow();
  const phoneAllowed = useAppFlow().config?.config.sys.enable_phone_register === 1;
  const fields = (v: Values) => ({ account: v.account, ...(looksLikePhone(v.account) && v.area_code.trim() ? { area_code: v.area_code.trim() } : {}) });
  return (
    <AuthPage
      title={t('auth.registerTitle')}
      intro={t(phoneAllowed ? 'auth.registerIntroPhone' : 'auth.registerIntroEmail')}
      links={
        <>
          <Link to="/agree">{t('footer.agreement')}</Link>
          <Link to="/login">{t('nav.login')}</Link>
        </>
      }
    >
      <Formik<Values>
        initialValues={{ account: flow.account?.account ?? '', area_code: flow.account?.area_code ?? '', code: '' }}
        validationSchema={registerSchema}
        onSubmit={(v) => flow.checkCode({ ...fields(v), code: v.code.trim() })}
      >
        {({ values, validateField, setFieldTouched }) => (
          <Form noValidate>
            <FormField name="account" labelKey={phoneAllowed ? 'auth.account' : 'auth.email'} autoComplete="username" />
            {phoneAllowed && looksLikePhone(values.account) && <FormField name="area_code" labelKey="auth.areaCode" inputMode="numeric" />}
            <FormField
              name="code"
              labelKey="auth.code"
              inputMode="numeric"
              autoComplete="one-time-code"
              after={
                <CodeButton
                  resendIn={flow.resendIn}
                  sending={flow.sendingCode}
                  onSend={() => {
                    void setFieldTouched('account', true, false);
                    void validateField('account');
                    if (values.account.trim()) flow.sendCode(fields(values));
                  }}
                />
              }
            />
            <AuthSubmit busy={flow.checking}>{t('auth.next')}</AuthSubmit>
          </Form>
        )}
      </Formik>
    </AuthPage>
  );
}
