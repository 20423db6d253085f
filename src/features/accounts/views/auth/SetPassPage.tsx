import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { setPassSchema, type SetPassValues } from '../../../../../domain/validation';
import { Button } from '../../../../app/ui/Button';
import { AuthCard, FormField, StartOver } from './AuthForm';
import { PasswordMeter } from '../PasswordMeter';
import { usePasswordResetFlow } from '../../accounts.hooks';
import { useLatestValidation } from '../../../../app/forms/latestValidation';

/** /set-pass: the code that was sent, and the new login password twice. */
export function SetPassPage() {
  const { t } = useTranslation();
  const flow = usePasswordResetFlow();
  const validate = useLatestValidation<SetPassValues>(setPassSchema);
  if (!flow.atNewPassword) return <StartOver titleKey="page.setPass.title" to="/forget-pass" linkKey="page.forgetPass.title" />;
  return (
    <AuthCard>
      <h1>{t('page.setPass.title')}</h1>
      <p className="intro">
        {t('page.setPass.intro')} {t('auth.codeSentTo', { account: flow.account?.account ?? '' })}
      </p>
      <Formik<SetPassValues> initialValues={{ code: '', password: '', password_repeat: '' }} validate={validate} onSubmit={(v) => flow.submit({ ...v, code: v.code.trim() })}>
        <Form noValidate>
          <FormField name="code" labelKey="auth.code" inputMode="numeric" autoComplete="one-time-code" />
          <FormField name="password" labelKey="auth.newPassword" type="password" autoComplete="new-password" />
          <PasswordMeter name="password" />
          <FormField name="password_repeat" labelKey="auth.repeatPassword" type="password" autoComplete="new-password" />
          <Button type="submit" disabled={flow.resetting} style={{ width: '100%' }}>
            {t('auth.resetSubmit')}
          </Button>
        </Form>
      </Formik>
      <p className="links">
        <button type="button" className="linkish" onClick={flow.back}>
          ← {t('auth.back')}
        </button>
      </p>
    </AuthCard>
  );
}
