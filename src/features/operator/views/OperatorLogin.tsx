import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { operatorLoginSchema, type OperatorLoginValues } from '../../../../domain/validation';
import { Button } from '../../../app/ui/Button';
import { AuthCard, FormField } from '../../accounts/views/auth/AuthForm';
import { useOperatorSession } from '../operator.hooks';

/** The reviewer's own login; user accounts are refused by the server here. */
export function OperatorLogin() {
  const { t } = useTranslation();
  const session = useOperatorSession();
  return (
    <AuthCard>
      <h1>{t('operator.loginTitle')}</h1>
      <p className="intro">{t('operator.loginIntro')}</p>
      <Formik<OperatorLoginValues> initialValues={{ account: '', password: '' }} validationSchema={operatorLoginSchema} onSubmit={(values) => session.login(values)}>
        <Form noValidate>
          <FormField name="account" labelKey="operator.account" autoComplete="username" />
          <FormField name="password" labelKey="operator.password" type="password" autoComplete="current-password" />
          <Button type="submit" disabled={session.loggingIn} style={{ width: '100%' }}>
            {t('operator.login')}
          </Button>
        </Form>
      </Formik>
    </AuthCard>
  );
}
