import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ANTI_PHISHING_MAX, ANTI_PHISHING_MIN } from '../../../../../domain/sessions';
import { Button } from '../../../../app/ui/Button';
import { useAntiPhishingFlow } from '../../sessions.hooks';
import { FormCard } from './FormCard';

/** /user/s-antiphishing (issue 35): what the anti-phishing code is for, the code set now, and a form to set or clear it. */
export function AntiPhishingPage() {
  const { t } = useTranslation();
  const flow = useAntiPhishingFlow();
  const [draft, setDraft] = useState('');
  const inputId = useId();
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
          flow.save(draft);
        }}
      >
        <div className="field">
          <label htmlFor={inputId}>{t('antiPhishing.label', { min: ANTI_PHISHING_MIN, max: ANTI_PHISHING_MAX })}</label>
          <div className="with-button">
            <input id={inputId} type="text" maxLength={64} autoComplete="off" value={draft} onChange={(e) => setDraft(e.target.value)} />
            <Button type="submit" $variant="primary" disabled={flow.saving || flow.loading}>
              {t('antiPhishing.save')}
            </Button>
          </div>
        </div>
      </form>
      {flow.code && (
        <Button type="button" $variant="ghost" $small disabled={flow.saving} onClick={() => flow.save('')}>
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
