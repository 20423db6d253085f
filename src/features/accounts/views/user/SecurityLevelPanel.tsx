import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { SecurityItemId } from '../../../../../domain/accountSafety';
import { Badge } from '../../../../app/ui/Badge';
import { isSecondFactorCode } from '../../../../../domain/twoFactor';
import { Button } from '../../../../app/ui/Button';
import { ConfirmDialog } from '../../../../app/ui/ConfirmDialog';
import { fieldInput } from '../../../../app/ui/FormField';
import { DateTime } from '../../../../app/ui/DateTime';
import { Muted } from '../../../../app/ui/Panel';
import { useSecurityLevelFlow } from '../../safety.hooks';
import { TextLink } from './FormCard';

/** Where each item is turned on (2FA's panel is on this page, below). */
const WHERE: Record<SecurityItemId, string | undefined> = { two_factor: undefined, identity: '/user/identity', anti_phishing: '/user/s-antiphishing', allowlist: undefined };
const TONE = { low: 'down', medium: 'warn', high: 'up' } as const;
const LEVEL_KEY = { low: 'safety.level.low', medium: 'safety.level.medium', high: 'safety.level.high' } as const;
const ITEM_KEY: Record<SecurityItemId, string> = {
  two_factor: 'safety.item.two_factor',
  identity: 'safety.item.identity',
  anti_phishing: 'safety.item.anti_phishing',
  allowlist: 'safety.item.allowlist',
};
const NEXT_KEY: Record<SecurityItemId, string> = {
  two_factor: 'safety.next.two_factor',
  // The page's own words from before the level was counted ("Verify your identity to raise it").
  identity: 'identity.security.verifyNow',
  anti_phishing: 'safety.next.anti_phishing',
  allowlist: 'safety.next.allowlist',
};

const CodeField = styled.label`
  display: grid;
  gap: 5px;
  margin-top: 12px;
  color: ${({ theme }) => theme.color.textDim};
  input { ${fieldInput('9px 10px')} font-size: 15px; letter-spacing: 0.1em; }
  .error { color: ${({ theme }) => theme.color.down}; font-size: 12px; }
`;

/**
 * Turning the allowlist off asks first (issue 49 §4): it says withdrawals will be locked for 24 hours
 * and, with 2FA on, takes the authenticator code (or a recovery code).
 */
function AllowlistOffDialog(props: { twoFactorOn: boolean; busy: boolean; onConfirm: (code?: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const id = useId();
  // Required when the level says 2FA is on; offered anyway, since 2FA may have been turned on on
  // this page after the level was read (the server asks for it whenever 2FA is on).
  const valid = code.trim() === '' ? !props.twoFactorOn : isSecondFactorCode(code);
  const confirm = () => {
    setTouched(true);
    if (valid) props.onConfirm(code.trim() || undefined);
  };
  return (
    <ConfirmDialog title={t('safety.allowlistOffTitle')} confirmLabel={t('safety.allowlistTurnOff')} tone="danger" busy={props.busy} onConfirm={confirm} onCancel={props.onCancel}>
      <p style={{ margin: 0 }}>{t('safety.allowlistOffBody')}</p>
      <CodeField htmlFor={id}>
        {t(props.twoFactorOn ? 'twoFactor.codeOrRecovery' : 'twoFactor.optionalCode')}
        <input id={id} type="text" autoComplete="one-time-code" maxLength={11} value={code} onChange={(e) => setCode(e.target.value)} />
        {touched && !valid && <span className="error">{t('twoFactor.recoveryCodeInvalid')}</span>}
      </CodeField>
    </ConfirmDialog>
  );
}

/**
 * /user/s-securityset's level (issue 35): what is really on, counted by the server (2FA, identity,
 * anti-phishing code, allowlist), what to do next, and the allowlist switch with what it does.
 */
export function SecurityLevelPanel() {
  const { t } = useTranslation();
  const flow = useSecurityLevelFlow();
  const level = flow.level;
  if (flow.failed) {
    return (
      <p>
        <Button type="button" $small $variant="ghost" onClick={flow.retry}>
          {t('safety.retry')}
        </Button>
      </p>
    );
  }
  if (!level) return <Muted>{t('safety.loading')}</Muted>;
  const next = level.next;
  return (
    <section aria-label={t('safety.levelTitle')}>
      <p>
        {t('identity.security.level')} <Badge $tone={TONE[level.level]}>{t(LEVEL_KEY[level.level])}</Badge>{' '}
        <Muted as="span">{t('safety.score', { on: level.score, of: level.items.length })}</Muted>
      </p>
      <ul style={{ listStyle: 'none', padding: 0, margin: '0 0 12px', display: 'grid', gap: 4 }}>
        {level.items.map((item) => (
          <li key={item.id} data-item={item.id}>
            <Badge $tone={item.on ? 'up' : 'dim'}>{t(item.on ? 'safety.on' : 'safety.off')}</Badge> {t(ITEM_KEY[item.id])}
          </li>
        ))}
      </ul>
      {next ? (
        <p>
          {next === 'identity' ? '' : `${t('safety.nextLabel')} `}
          {WHERE[next] ? <TextLink to={WHERE[next]!}>{t(NEXT_KEY[next])}</TextLink> : t(NEXT_KEY[next])}
        </p>
      ) : (
        <p>{t('safety.allOn')}</p>
      )}
      <h3 style={{ margin: '16px 0 6px', fontSize: 15 }}>{t('safety.allowlistTitle')}</h3>
      <Muted>{t('safety.allowlistExplain')}</Muted>
      <p>
        <Button type="button" $small $variant={level.allowlist ? 'ghost' : 'primary'} disabled={flow.switching} onClick={() => flow.setAllowlist(!level.allowlist)}>
          {t(level.allowlist ? 'safety.allowlistTurnOff' : 'safety.allowlistTurnOn')}
        </Button>{' '}
        {level.allowlist && <TextLink to="/user/c-symAddr">{t('safety.addressBook')}</TextLink>}
      </p>
      {flow.confirmingOff && <AllowlistOffDialog twoFactorOn={flow.twoFactorOn} busy={flow.switching} onConfirm={flow.confirmOff} onCancel={flow.cancelOff} />}
      {level.withdrawals_locked_until > 0 && (
        <p role="status">
          {t('safety.lockedUntil')} <DateTime at={level.withdrawals_locked_until} />
        </p>
      )}
    </section>
  );
}
