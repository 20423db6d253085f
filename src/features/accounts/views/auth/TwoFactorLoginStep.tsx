import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isTotpCode, isSecondFactorCode } from '../../../../../domain/twoFactor';
import { Button } from '../../../../app/ui/Button';
import { AuthCard, FormRefusal } from '../../../../kit/auth/AuthForm';
import { useTwoFactorLoginFlow } from '../../accounts.hooks';

/** Wrong codes locked the account's checks (issue 49 §3): a code emailed to the account unlocks them. */
function UnlockByEmail(props: { flow: ReturnType<typeof useTwoFactorLoginFlow> }) {
  const { t } = useTranslation();
  const { flow } = props;
  const [code, setCode] = useState('');
  const id = useId();
  return (
    <div className="field" data-testid="second-step-unlock">
      <p className="intro">{t(flow.locked ? 'twoFactor.unlock.locked' : 'twoFactor.unlock.maybe')}</p>
      <button type="button" className="linkish" onClick={flow.sendUnlock} disabled={flow.unlockBusy}>
        {t(flow.unlockSent ? 'twoFactor.unlock.resend' : 'twoFactor.unlock.send')}
      </button>
      {/* An email refused (too many asked, say) is said here until it is asked again (issue 50 S3). */}
      <FormRefusal refusal={flow.unlockRefusal} testId="second-step-unlock-refusal" />
      {flow.unlockSent && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (isTotpCode(code)) flow.unlock(code);
          }}
        >
          <label htmlFor={id}>{t('twoFactor.unlock.code')}</label>
          <input id={id} type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} />
          <Button type="submit" $variant="ghost" disabled={flow.unlockBusy || !isTotpCode(code)} style={{ width: '100%' }}>
            {t('twoFactor.unlock.submit')}
          </Button>
        </form>
      )}
    </div>
  );
}

/**
 * /login's second step when 2FA is on: the authenticator's 6-digit code, or — device lost — one of
 * the recovery codes (each works once). Back returns to the password. When wrong codes have locked
 * the account's checks, or after a refused code, the emailed unlock is offered beneath.
 */
export function TwoFactorLoginStep(props: { challenge: string; locked?: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  const flow = useTwoFactorLoginFlow(props.challenge, props.locked);
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const id = useId();
  const valid = flow.recovery ? isSecondFactorCode(code) && !isTotpCode(code) : isTotpCode(code);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (valid) flow.submit(code);
  };
  const switchTo = (recovery: boolean) => {
    setCode('');
    setTouched(false);
    if (recovery) flow.useRecovery();
    else flow.back();
  };
  return (
    <AuthCard>
      <h1>{t('twoFactor.login.title')}</h1>
      <p className="intro">{t(flow.recovery ? 'twoFactor.login.recoveryIntro' : 'twoFactor.login.intro')}</p>
      <form noValidate onSubmit={submit}>
        <div className="field">
          <label htmlFor={id}>{t(flow.recovery ? 'twoFactor.recoveryCode' : 'twoFactor.code')}</label>
          <input
            id={id}
            type="text"
            value={code}
            autoFocus
            autoComplete="one-time-code"
            inputMode={flow.recovery ? 'text' : 'numeric'}
            maxLength={flow.recovery ? 11 : 6}
            onChange={(e) => {
              setCode(e.target.value);
              flow.edit();
            }}
            aria-describedby={touched && !valid ? `${id}-error` : undefined}
          />
          {touched && !valid && (
            <span id={`${id}-error`} className="error">
              {t(flow.recovery ? 'twoFactor.recoveryCodeInvalid' : 'twoFactor.codeInvalid')}
            </span>
          )}
          {flow.refusal && !(touched && !valid) && (
            <span className="error" role="alert" data-testid="second-step-refusal">
              {'key' in flow.refusal ? t(flow.refusal.key) : flow.refusal.text}
            </span>
          )}
        </div>
        <Button type="submit" disabled={flow.verifying} style={{ width: '100%' }}>
          {t('twoFactor.login.verify')}
        </Button>
      </form>
      <p className="links">
        <button type="button" className="linkish" onClick={() => switchTo(!flow.recovery)}>
          {t(flow.recovery ? 'twoFactor.login.useApp' : 'twoFactor.login.useRecovery')}
        </button>
        <button type="button" className="linkish" onClick={props.onCancel}>
          {t('twoFactor.login.back')}
        </button>
      </p>
      {flow.offerUnlock && <UnlockByEmail flow={flow} />}
      {flow.recovery && <p className="intro">{t('twoFactor.login.lostAll')}</p>}
    </AuthCard>
  );
}
