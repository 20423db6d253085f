import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ANTI_PHISHING_MAX, ANTI_PHISHING_MIN } from '../../../../../domain/sessions';
import { Button } from '../../../../app/ui/Button';
import { useAntiPhishingFlow } from '../../sessions.hooks';
import { FormCard } from './FormCard';

/**
 * /user/s-antiphishing (issues 35 and 49): what the anti-phishing code is for, the code set now, and
 * a form to set or clear it. A change takes a proof beside the session: the authenticator code when
 * 2FA is on, else a code emailed to the account ("Send code").
 */
export function AntiPhishingPage() {
  const { t } = useTranslation();
  const flow = useAntiPhishingFlow();
  const [draft, setDraft] = useState('');
  const [proof, setProof] = useState('');
  const inputId = useId();
  const proofId = useId();
  const save = (code: string) => {
    flow.save(code, proof);
    setProof('');
  };
  return (
    <FormCard>
      <h1>{t('menu.user.antiPhishing')}</h1>
      <p className="intro">{t('antiPhishing.what')}</p>
      <p className="intro">{t('antiPhishing.how')}</p>
      <p className="tip">{t('antiPhishing.never')}</p>
      <p>
        {t('antiPhishing.current')}{' '}
        <strong data-testid="anti-phishing-current">{flow.loading ? '…' : flow.code || t('antiPhishing.none')}</strong>
      </p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save(draft);
        }}
      >
        <div className="field">
          <label htmlFor={inputId}>{t('antiPhishing.label', { min: ANTI_PHISHING_MIN, max: ANTI_PHISHING_MAX })}</label>
          <input id={inputId} type="text" maxLength={64} autoComplete="off" value={draft} onChange={(e) => setDraft(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={proofId}>{t(flow.twoFactor ? 'antiPhishing.totpLabel' : 'antiPhishing.emailCodeLabel')}</label>
          <div className="with-button">
            <input
              id={proofId}
              type="text"
              inputMode={flow.twoFactor ? 'text' : 'numeric'}
              maxLength={flow.twoFactor ? 11 : 6}
              autoComplete="one-time-code"
              value={proof}
              onChange={(e) => setProof(e.target.value)}
            />
            {!flow.twoFactor && (
              <Button type="button" $variant="ghost" disabled={flow.sendingCode || flow.loading} onClick={flow.sendCode}>
                {t('antiPhishing.sendCode')}
              </Button>
            )}
          </div>
        </div>
        <p className="tip">{t(flow.twoFactor ? 'antiPhishing.proofTotp' : 'antiPhishing.proofEmail')}</p>
        <Button type="submit" $variant="primary" disabled={flow.saving || flow.loading}>
          {t('antiPhishing.save')}
        </Button>
      </form>
      {flow.code && (
        <Button type="button" $variant="ghost" $small disabled={flow.saving} onClick={() => save('')}>
          {t('antiPhishing.clear')}
        </Button>
      )}
      {flow.loadFailed && (
        <Button type="button" $variant="ghost" onClick={flow.retry}>
          {t('common.retry')}
        </Button>
      )}
    </FormCard>
  );
}
