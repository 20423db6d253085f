import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { operatorLoginSchema, type OperatorLoginValues } from '../../../../domain/validation';
import { Button } from '../../../app/ui/Button';
import { Muted } from '../../../app/ui/Panel';
import { QrCode } from '../../../app/ui/QrCode';
import { AuthPage, AuthSubmit, FormField } from '../../../kit/auth/AuthForm';
import { useTypedCode } from '../../../kit/auth/typedCode';
import { useOperatorSession } from '../operator.hooks';
import { EnrolWithOwnPassword } from './EnrolWithOwnPassword';

const Enrol = styled.div`
  display: grid;
  gap: 12px;
  justify-items: center;
  .qr { background: #fff; padding: 8px; border-radius: 6px; line-height: 0; }
  .secret { font-family: ui-monospace, monospace; word-break: break-all; text-align: center; user-select: all; }
  ul.codes { display: grid; grid-template-columns: repeat(2, auto); gap: 6px 24px; font-family: ui-monospace, monospace; padding: 0; list-style: none; }
`;

/** The authenticator's code (or, at the second step, a recovery code), in a small form with Back. */
function CodeForm(props: { allowRecovery: boolean; busy: boolean; submitKey: 'operatorAuth.code.submit' | 'operatorAuth.enrol.submit'; onSubmit: (code: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const { id, code, setCode, invalid, submit } = useTypedCode(props.allowRecovery, props.onSubmit);
  return (
    <form noValidate onSubmit={submit} style={{ display: 'grid', gap: 10, width: '100%' }}>
      <label htmlFor={id}>{t(props.allowRecovery ? 'operatorAuth.code.labelOrRecovery' : 'operatorAuth.code.label')}</label>
      <input id={id} type="text" inputMode={props.allowRecovery ? 'text' : 'numeric'} autoComplete="one-time-code" maxLength={16} value={code} onChange={(e) => setCode(e.target.value)} autoFocus />
      {invalid && <span className="error">{t('operatorAuth.code.invalid')}</span>}
      <Button type="submit" disabled={props.busy} style={{ width: '100%' }}>
        {t(props.submitKey)}
      </Button>
      <Button type="button" $variant="ghost" onClick={props.onCancel} disabled={props.busy} style={{ width: '100%' }}>
        {t('operatorAuth.code.back')}
      </Button>
    </form>
  );
}

type OperatorSession = ReturnType<typeof useOperatorSession>;

/** After the right password, 2FA on: the code from the authenticator app, or a recovery code. */
function OperatorCodeStep({ session }: { session: OperatorSession }) {
  return <CodeForm allowRecovery busy={session.busy} submitKey="operatorAuth.code.submit" onSubmit={session.submitCode} onCancel={session.cancel} />;
}

/** After the right password, no 2FA yet (a first sign-in, or after an admin's reset): scan, then the first code (and, the first time, the operator's own password). */
function OperatorEnrolStep({ session }: { session: OperatorSession }) {
  const { t } = useTranslation();
  // OperatorLogin shows this step only once the enrolment (QR code, secret) is there.
  const enrolment = session.enrolment!;
  return (
    <Enrol>
      <div className="qr" role="img" aria-label={t('operatorAuth.enrol.qrLabel')}>
        <QrCode value={enrolment.uri} size={168} />
      </div>
      <span>{t('operatorAuth.enrol.secretLabel')}</span>
      <div className="secret" data-testid="operator-two-factor-secret" aria-label={t('operatorAuth.enrol.secretLabel')}>
        {enrolment.secret}
      </div>
      <Muted>{t('operatorAuth.enrol.account', { issuer: enrolment.issuer, account: enrolment.account })}</Muted>
      {enrolment.new_password ? (
        <EnrolWithOwnPassword account={enrolment.account} busy={session.busy} onSubmit={session.submitCode} onCancel={session.cancel} />
      ) : (
        <CodeForm allowRecovery={false} busy={session.busy} submitKey="operatorAuth.enrol.submit" onSubmit={session.submitCode} onCancel={session.cancel} />
      )}
    </Enrol>
  );
}

/** 2FA is on and the session open: the ten recovery codes, shown this once. */
function OperatorRecoveryCodes({ session }: { session: OperatorSession }) {
  const { t } = useTranslation();
  return (
    <Enrol>
      <ul className="codes" aria-label={t('operatorAuth.recovery.title')}>
        {session.recoveryCodes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button type="button" onClick={session.recoverySaved} style={{ width: '100%' }}>
        {t('operatorAuth.recovery.saved')}
      </Button>
    </Enrol>
  );
}

/** The steps after the right password: each one's page title and intro, and what the page holds. */
const STEPS = {
  code: { title: 'operatorAuth.code.title', intro: 'operatorAuth.code.intro', Body: OperatorCodeStep },
  enrol: { title: 'operatorAuth.enrol.title', intro: 'operatorAuth.enrol.intro', Body: OperatorEnrolStep },
  recovery: { title: 'operatorAuth.recovery.title', intro: 'operatorAuth.recovery.intro', Body: OperatorRecoveryCodes },
} as const;

/**
 * The operator's own login; user accounts are refused by the server here. 2FA is mandatory: after
 * the password comes the code (OperatorCodeStep) or, the first time, the enrolment.
 */
export function OperatorLogin() {
  const { t } = useTranslation();
  const session = useOperatorSession();
  if (session.step !== 'password') {
    // The enrolment's page waits for its QR code and secret.
    if (session.step === 'enrol' && !session.enrolment) return null;
    const step = STEPS[session.step];
    return (
      <AuthPage title={t(step.title)} intro={t(step.intro)}>
        <step.Body session={session} />
      </AuthPage>
    );
  }
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
