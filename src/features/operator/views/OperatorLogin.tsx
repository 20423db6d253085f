import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { operatorLoginSchema, type OperatorLoginValues } from '../../../../domain/validation';
import { AuthPage, AuthSubmit, FormField } from '../../accounts/views/auth/AuthForm';
import { useOperatorSession } from '../operator.hooks';

/** The reviewer's own login; user accounts are refused by the server here. */
export function OperatorLogin() {
  const { t } = useTranslation();
  const session = useOperatorSession();
  return (
    <AuthPage title={t('operator.loginTitle')} intro={t('operator.loginIntro')}>
      <Formik<OperatorLoginValues> initialValues={{ account: '', password: '' }} validationSchema={operatorLoginSchema} onSubmit={(values) => session.login(values)}>
        <Form noValidate>
          <FormField name="account" labelKey="operator.account" autoComplete="username" />
          <FormField name="password" labelKey="operator.password" type="password" autoComplete="current-password" />
          <AuthSubmit busy={session.loggingIn}>{t('operator.login')}</AuthSubmit>
        </Form>
      </Formik>
    </AuthPage>
  );
}
