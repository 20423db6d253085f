import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Badge } from '../../../../app/ui/Badge';
import { Button } from '../../../../app/ui/Button';
import { fieldInput } from '../../../../app/ui/FormField';
import { Muted, Panel, PanelBody } from '../../../../app/ui/Panel';
import { QrCode } from '../../../../app/ui/QrCode';
import { useTwoFactorEnrolmentFlow } from '../../accounts.hooks';
import { FormRefusal } from '../../../../kit/auth/AuthForm';
import { useTypedCode } from '../../../../kit/auth/typedCode';

const Body = styled(PanelBody)`
  display: grid;
  gap: 14px;
  h2 { margin: 0; font-size: 17px; display: flex; align-items: center; gap: 10px; flex-wrap: wrap; }
  p { margin: 0; }
  .enrol { display: grid; grid-template-columns: auto minmax(0, 1fr); gap: 20px; align-items: start; }
  .qr { background: #fff; padding: 10px; border-radius: 6px; line-height: 0; }
  .secret {
    font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
    font-size: 15px;
    letter-spacing: 0.08em;
    background: ${({ theme }) => theme.color.panelRaised};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: 4px;
    padding: 8px 10px;
    user-select: all;
    span { display: inline-block; margin-right: 0.6em; }
  }
  ol.steps { margin: 0; padding-left: 20px; display: grid; gap: 6px; color: ${({ theme }) => theme.color.textDim}; }
  form { display: flex; gap: 8px; align-items: end; flex-wrap: wrap; }
  label { display: grid; gap: 5px; color: ${({ theme }) => theme.color.textDim}; }
  input {
    ${fieldInput('9px 10px')}
    width: 180px;
    font-size: 15px;
    letter-spacing: 0.1em;
  }
  .error { color: ${({ theme }) => theme.color.down}; font-size: 12px; }
  ul.codes {
    list-style: none;
    margin: 0;
    padding: 12px;
    display: grid;
    grid-template-columns: repeat(2, max-content);
    gap: 8px 28px;
    font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
    font-size: 15px;
    background: ${({ theme }) => theme.color.panelRaised};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: 6px;
    width: max-content;
    max-width: 100%;
  }
  .warn { color: ${({ theme }) => theme.color.warn}; }
  @media (max-width: 767px) {
    .enrol { grid-template-columns: minmax(0, 1fr); }
    ul.codes { grid-template-columns: max-content; }
  }
`;

/** A code typed into a small form: the app's 6 digits (or, to turn 2FA off, a recovery code too). */
function CodeForm(props: { labelKey: string; buttonKey: string; busy: boolean; allowRecovery?: boolean; danger?: boolean; onSubmit: (code: string) => void; onEdit: () => void; extra?: ReactNode }) {
  const { t } = useTranslation();
  const { id, code, setCode, invalid, submit } = useTypedCode(props.allowRecovery, props.onSubmit);
  return (
    <form noValidate onSubmit={submit}>
      <label htmlFor={id}>
        {t(props.labelKey)}
        <input
          id={id}
          type="text"
          inputMode={props.allowRecovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          maxLength={props.allowRecovery ? 11 : 6}
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            props.onEdit();
          }}
        />
      </label>
      <Button type="submit" $variant={props.danger ? 'danger' : 'primary'} disabled={props.busy}>
        {t(props.buttonKey)}
      </Button>
      {props.extra}
      {invalid && <span className="error">{t(props.allowRecovery ? 'twoFactor.recoveryCodeInvalid' : 'twoFactor.codeInvalid')}</span>}
    </form>
  );
}

/** The login password that enrolment starts with (issue 49 §4: a stolen session alone must not enrol another authenticator). */
function PasswordForm(props: { busy: boolean; onSubmit: (password: string) => void; onEdit: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (password) props.onSubmit(password);
  };
  return (
    <>
      <p>{t('twoFactor.passwordIntro')}</p>
      <form noValidate onSubmit={submit}>
        <label htmlFor={id}>
          {t('twoFactor.password')}
          <input
            id={id}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              props.onEdit();
            }}
            style={{ letterSpacing: 'normal' }}
          />
        </label>
        <Button type="submit" disabled={props.busy}>
          {t('twoFactor.continue')}
        </Button>
        <Button type="button" $variant="ghost" onClick={props.onCancel} disabled={props.busy}>
          {t('twoFactor.cancel')}
        </Button>
        {touched && !password && <span className="error">{t('twoFactor.passwordRequired')}</span>}
      </form>
    </>
  );
}

/** Wrong codes locked the account's checks: email me an unlock code, then type it (issue 49 §3). */
function UnlockForm(props: { busy: boolean; sent: boolean; onSend: () => void; onUnlock: (code: string) => void; onEdit: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="warn" role="status">
        {t('twoFactor.unlock.locked')}
      </p>
      <div>
        <Button type="button" $variant={props.sent ? 'ghost' : 'primary'} onClick={props.onSend} disabled={props.busy}>
          {t(props.sent ? 'twoFactor.unlock.resend' : 'twoFactor.unlock.send')}
        </Button>
      </div>
      {props.sent && <CodeForm labelKey="twoFactor.unlock.code" buttonKey="twoFactor.unlock.submit" busy={props.busy} onSubmit={props.onUnlock} onEdit={props.onEdit} />}
    </>
  );
}

/**
 * 2FA on /user/s-securityset (issues 35 and 49): off → "Set up", then the login password; scanning →
 * the QR code of the otpauth:// URI and the secret as text, confirmed by a first code; the ten
 * recovery codes shown once (the 24-hour withdrawal hold it started is the security level's line); on → how many
 * recovery codes are left, and turning it off with a code; locked by wrong codes → the emailed unlock.
 */
export function TwoFactorPanel() {
  const { t } = useTranslation();
  const flow = useTwoFactorEnrolmentFlow();
  const on = flow.step === 'on' || flow.step === 'showingCodes' || flow.step === 'locked';
  return (
    <Panel aria-labelledby="two-factor-title">
      <Body>
        <h2 id="two-factor-title">
          {t('twoFactor.title')}
          {flow.step !== 'loading' && flow.step !== 'failed' && <Badge $tone={on ? 'up' : 'warn'}>{t(on ? 'twoFactor.on' : 'twoFactor.off')}</Badge>}
        </h2>
        <Muted>{t('twoFactor.intro')}</Muted>
        {flow.step === 'failed' && (
          <Button type="button" $variant="ghost" onClick={flow.retry}>
            {t('twoFactor.retry')}
          </Button>
        )}
        {flow.step === 'off' && (
          <div>
            <Button type="button" onClick={flow.start} disabled={flow.busy}>
              {t('twoFactor.setUp')}
            </Button>
          </div>
        )}
        {flow.step === 'password' && <PasswordForm busy={flow.busy} onSubmit={flow.password} onEdit={flow.edit} onCancel={flow.cancel} />}
        {flow.step === 'scanning' && flow.enrolment && (
          <>
            <ol className="steps">
              <li>{t('twoFactor.step1')}</li>
              <li>{t('twoFactor.step2')}</li>
              <li>{t('twoFactor.step3')}</li>
            </ol>
            <div className="enrol">
              <div className="qr" aria-label={t('twoFactor.qrLabel')} role="img">
                <QrCode value={flow.enrolment.uri} size={168} />
              </div>
              <div style={{ display: 'grid', gap: 8, minWidth: 0 }}>
                <span>{t('twoFactor.secretLabel')}</span>
                <div className="secret" data-testid="two-factor-secret" aria-label={t('twoFactor.secretLabel')}>
                  {/* Groups of four break between them on a phone (never one letter alone on a line), to be read and typed; the text copied has no spaces. */}
                  {flow.enrolment.secret.match(/.{1,4}/g)?.map((group, i) => <span key={i}>{group}</span>)}
                </div>
                <Muted>{t('twoFactor.account', { issuer: flow.enrolment.issuer, account: flow.enrolment.account })}</Muted>
              </div>
            </div>
            <CodeForm
              labelKey="twoFactor.code"
              buttonKey="twoFactor.confirm"
              busy={flow.busy}
              onSubmit={flow.confirm}
              onEdit={flow.edit}
              extra={
                <Button type="button" $variant="ghost" onClick={flow.cancel} disabled={flow.busy}>
                  {t('twoFactor.cancel')}
                </Button>
              }
            />
          </>
        )}
        {flow.step === 'showingCodes' && (
          <>
            <p>
              <strong>{t('twoFactor.codesTitle')}</strong>
            </p>
            <Muted>{t('twoFactor.codesIntro')}</Muted>
            {/* The 24-hour withdrawal hold this started is said once, by the security level above (read again after this change). */}
            <ul className="codes" aria-label={t('twoFactor.codesTitle')}>
              {flow.recoveryCodes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
            <div>
              <Button type="button" onClick={flow.codesSaved}>
                {t('twoFactor.codesSaved')}
              </Button>
            </div>
          </>
        )}
        {flow.step === 'on' && (
          <>
            <p>{t('twoFactor.codesLeft', { count: flow.status?.recovery_codes_left ?? 0 })}</p>
            <CodeForm labelKey="twoFactor.codeOrRecovery" buttonKey="twoFactor.turnOff" busy={flow.busy} allowRecovery danger onSubmit={flow.disable} onEdit={flow.edit} />
          </>
        )}
        {flow.step === 'locked' && <UnlockForm busy={flow.busy} sent={flow.unlockSent} onSend={flow.sendUnlock} onUnlock={flow.unlock} onEdit={flow.edit} />}
        {/* The step's refusal (a wrong password or code, an unlock email not sent) stays here until a field changes (issue 50 S3). */}
        <FormRefusal refusal={flow.refusal} testId="two-factor-refusal" />
      </Body>
    </Panel>
  );
}
