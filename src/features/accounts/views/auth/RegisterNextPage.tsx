import { Field, Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { NOTE_TYPES } from '../../../../../domain/api';
import { registerNextSchema, type RegisterNextValues } from '../../../../../domain/validation';
import { Button } from '../../../../app/ui/Button';
import { AuthCard, FormField, StartOver } from './AuthForm';
import { PasswordMeter } from '../PasswordMeter';
import { useNoteFlow } from '../../../support/support.hooks';
import { useRegistrationFlow } from '../../accounts.hooks';
import { useLatestValidation } from '../../../../app/forms/latestValidation';

/** /reg-next: login and fund passwords (each twice), invitation code, the user agreement. */
export function RegisterNextPage() {
  const { t } = useTranslation();
  const flow = useRegistrationFlow();
  const note = useNoteFlow();
  const validate = useLatestValidation<RegisterNextValues>(registerNextSchema);
  if (!flow.atDetails) return <StartOver titleKey="page.regNext.title" to="/reg" linkKey="auth.registerTitle" />;
  return (
    <AuthCard>
      <h1>{t('page.regNext.title')}</h1>
      <p className="intro">{t('page.regNext.intro')}</p>
      <Formik<RegisterNextValues>
        initialValues={{ password: '', password_repeat: '', funds_password: '', funds_password_repeat: '', invitation_code: '', agree: false }}
        validate={validate}
        onSubmit={(v) => flow.submit({ ...v, invitation_code: v.invitation_code.trim() })}
      >
        {({ errors, touched }) => (
          <Form noValidate>
            <FormField name="password" labelKey="auth.password" type="password" autoComplete="new-password" />
            <PasswordMeter name="password" />
            <FormField name="password_repeat" labelKey="auth.repeatPassword" type="password" autoComplete="new-password" />
            <FormField name="funds_password" labelKey="auth.fundsPassword" type="password" autoComplete="new-password" />
            <PasswordMeter name="funds_password" />
            <FormField name="funds_password_repeat" labelKey="auth.repeatFundsPassword" type="password" autoComplete="new-password" />
            <FormField name="invitation_code" labelKey="auth.invitationCode" />
            <label className="check">
              <Field type="checkbox" name="agree" />
              <span>
                {t('auth.agreePrefix')}{' '}
                <button type="button" className="linkish" onClick={() => note.openNote(NOTE_TYPES.userAgreement)}>
                  {t('footer.agreement')}
                </button>
              </span>
            </label>
            {touched.agree && errors.agree && (
              <p className="error" role="alert">
                {t(errors.agree)}
              </p>
            )}
            <Button type="submit" disabled={flow.submitting} style={{ width: '100%' }}>
              {t('auth.createAccount')}
            </Button>
          </Form>
        )}
      </Formik>
      <p className="links">
        <button type="button" className="linkish" onClick={flow.back}>
          ← {t('auth.back')}
        </button>
      </p>
    </AuthCard>
  );
}
