import { Field, Form, Formik } from 'formik';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { NOTE_TYPES } from '../../../../../domain/api';
import { registerNextSchema, type RegisterNextValues } from '../../../../../domain/validation';
import { AuthPage, AuthSubmit, BackLink, FormField, FormRefusal, NewPasswordFields, StartOver } from '../../../../kit/auth/AuthForm';
import { NoticesContext } from '../../../../app/layout/notices.context';
import { useRegistrationFlow } from '../../accounts.hooks';
import type { InvitationRefusal } from '../../machines/registration/registration.machine';
import { useLatestValidation } from '../../../../app/forms/latestValidation';

/** The server's refusal of the invitation code, said under the field until the code there is changed. */
function invitationRefusalText(t: TFunction, refusal: InvitationRefusal | undefined, typed: string): string | undefined {
  if (!refusal || typed.trim() !== refusal.code) return undefined;
  return 'text' in refusal.message ? refusal.message.text : t(refusal.message.key);
}

/**
 * /reg-next: login and fund passwords (each twice, judged against the account), invitation code (a
 * refused one said under it), the user agreement; any other refusal written above the button.
 */
export function RegisterNextPage() {
  const { t } = useTranslation();
  const flow = useRegistrationFlow();
  const note = NoticesContext.use().useNotes();
  // The passwords are judged against the account, as the server judges them (passwordPolicy.ts).
  const related = flow.account ? [flow.account.account] : undefined;
  const validate = useLatestValidation<RegisterNextValues>(registerNextSchema, { related });
  if (!flow.atDetails) return <StartOver titleKey="page.regNext.title" to="/reg" linkKey="auth.registerTitle" />;
  return (
    <AuthPage title={t('page.regNext.title')} intro={t('page.regNext.intro')} links={<BackLink onBack={flow.back} />}>
      <Formik<RegisterNextValues>
        initialValues={{ password: '', password_repeat: '', funds_password: '', funds_password_repeat: '', invitation_code: '', agree: false }}
        validate={validate}
        onSubmit={(v) => flow.submit({ ...v, invitation_code: v.invitation_code.trim() })}
      >
        {({ errors, touched, values }) => (
          <Form noValidate>
            <NewPasswordFields name="password" labelKey="auth.password" repeatLabelKey="auth.repeatPassword" related={related} />
            <NewPasswordFields name="funds_password" labelKey="auth.fundsPassword" repeatLabelKey="auth.repeatFundsPassword" related={related} />
            <FormField name="invitation_code" labelKey="auth.invitationCode" refusal={invitationRefusalText(t, flow.invitationRefusal, values.invitation_code)} />
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
            <FormRefusal refusal={flow.refusal} testId="register-refusal" />
            <AuthSubmit busy={flow.submitting}>{t('auth.createAccount')}</AuthSubmit>
          </Form>
        )}
      </Formik>
    </AuthPage>
  );
}
