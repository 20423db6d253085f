import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../app/ui/Button';
import { DeskRefusal } from '../../../app/ui/DeskDialog';
import { Muted } from '../../../app/ui/Panel';
import { FormField, NewPasswordFields } from '../../../kit/auth/AuthForm';
import { useOwnPassword } from '../operator.hooks';
import { DeskForm } from './desks/deskUi';
import { ownPasswordSchema } from './desks/operatorSchemas';

interface Values {
  password: string;
  new_password: string;
  new_password_repeat: string;
  code: string;
}

/**
 * "My security", the password (server: security/ownPassword.ts): the current one, the new one
 * twice with its strength, and the operator's own code. The server's refusal stays under the form;
 * a change empties it (a new form per change) and signs the operator's other sessions out.
 */
export function OwnPasswordForm(props: { account: string }) {
  const { t } = useTranslation();
  const form = useOwnPassword();
  return (
    <section aria-label={t('operatorAuth.ownPassword.changeTitle')} style={{ maxWidth: 420 }}>
      <h2>{t('operatorAuth.ownPassword.changeTitle')}</h2>
      <Muted style={{ margin: '4px 0 10px' }}>{t('operatorAuth.ownPassword.changeIntro')}</Muted>
      <Formik<Values>
        key={form.changed}
        initialValues={{ password: '', new_password: '', new_password_repeat: '', code: '' }}
        validationSchema={ownPasswordSchema(props.account.trim().toLowerCase())}
        onSubmit={(values) => form.submit({ password: values.password, new_password: values.new_password, code: values.code.trim() })}
      >
        <Form noValidate aria-label={t('operatorAuth.ownPassword.changeTitle')}>
          <DeskForm>
            <FormField name="password" labelKey="operatorAuth.ownPassword.current" type="password" autoComplete="current-password" />
            <NewPasswordFields name="new_password" labelKey="operatorAuth.ownPassword.label" repeatLabelKey="operatorAuth.ownPassword.repeat" />
            <FormField name="code" labelKey="operatorDesks.operators.code" inputMode="numeric" autoComplete="one-time-code" />
            <DeskRefusal refusal={form.refusal} />
            <Button type="submit" disabled={form.sending} style={{ justifySelf: 'start' }}>
              {t('operatorAuth.ownPassword.changeSubmit')}
            </Button>
          </DeskForm>
        </Form>
      </Formik>
    </section>
  );
}
