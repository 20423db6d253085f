import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { setPassSchema, type SetPassValues } from '../../../../../domain/validation';
import { AuthPage, AuthSubmit, BackLink, FormField, NewPasswordFields, StartOver } from '../../../../kit/auth/AuthForm';
import { usePasswordResetFlow } from '../../accounts.hooks';
import { useLatestValidation } from '../../../../app/forms/latestValidation';

/** /set-pass: the code that was sent, and the new login password twice. */
export function SetPassPage() {
  const { t } = useTranslation();
  const flow = usePasswordResetFlow();
  const related = flow.account ? [flow.account.account] : undefined;
  const validate = useLatestValidation<SetPassValues>(setPassSchema, { related });
  if (!flow.atNewPassword) return <StartOver titleKey="page.setPass.title" to="/forget-pass" linkKey="page.forgetPass.title" />;
  return (
    <AuthPage title={t('page.setPass.title')} intro={`${t('page.setPass.intro')} ${t('auth.codeSentTo', { account: flow.account?.account ?? '' })}`} links={<BackLink onBack={flow.back} />}>
      <Formik<SetPassValues> initialValues={{ code: '', password: '', password_repeat: '' }} validate={validate} onSubmit={(v) => flow.submit({ ...v, code: v.code.trim() })}>
        <Form noValidate>
          <FormField name="code" labelKey="auth.code" inputMode="numeric" autoComplete="one-time-code" />
          <NewPasswordFields name="password" labelKey="auth.newPassword" repeatLabelKey="auth.repeatPassword" related={related} />
          <AuthSubmit busy={flow.resetting}>{t('auth.resetSubmit')}</AuthSubmit>
        </Form>
      </Formik>
    </AuthPage>
  );
}
