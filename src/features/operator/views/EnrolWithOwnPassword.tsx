import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { isTotpCode } from '../../../../domain/twoFactor';
import { Button } from '../../../app/ui/Button';
import { Muted } from '../../../app/ui/Panel';
import { AuthSubmit, FormField, NewPasswordFields } from '../../../kit/auth/AuthForm';
import { ownNewPasswordRules } from './desks/operatorSchemas';

interface Values {
  new_password: string;
  new_password_repeat: string;
  code: string;
}

/** The new password's rules, then the enrolment's first code (a TOTP code: no recovery codes exist yet). */
const schemaFor = (account: string) =>
  yup.object({
    ...ownNewPasswordRules(account),
    code: yup.string().trim().required('operatorAuth.code.invalid').test('code', 'operatorAuth.code.invalid', (value) => isTotpCode((value ?? '').trim())),
  });

/**
 * The first sign-in of an operator an admin made (docs/OPERATOR.md "Two admins give access"): the
 * password it was given was the admin's choice, so it chooses its own here, with the first code of
 * its authenticator; both go to the server together, and only then is the session opened.
 */
export function EnrolWithOwnPassword(props: { account: string; busy: boolean; onSubmit: (code: string, newPassword: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Formik<Values>
      initialValues={{ new_password: '', new_password_repeat: '', code: '' }}
      validationSchema={schemaFor(props.account.trim().toLowerCase())}
      onSubmit={(values) => props.onSubmit(values.code.trim(), values.new_password)}
    >
      <Form noValidate style={{ display: 'grid', width: '100%' }} aria-label={t('operatorAuth.ownPassword.title')}>
        <Muted style={{ margin: '0 0 10px' }}>{t('operatorAuth.ownPassword.intro')}</Muted>
        <NewPasswordFields name="new_password" labelKey="operatorAuth.ownPassword.label" repeatLabelKey="operatorAuth.ownPassword.repeat" />
        <FormField name="code" labelKey="operatorAuth.code.label" inputMode="numeric" autoComplete="one-time-code" />
        <AuthSubmit busy={props.busy}>{t('operatorAuth.enrol.submit')}</AuthSubmit>
        <Button type="button" $variant="ghost" onClick={props.onCancel} disabled={props.busy} style={{ width: '100%', marginTop: 8 }}>
          {t('operatorAuth.code.back')}
        </Button>
      </Form>
    </Formik>
  );
}
