import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { SecurityItemId } from '../../../../../domain/accountSafety';
import { Badge } from '../../../../app/ui/Badge';
import { Button } from '../../../../app/ui/Button';
import { DateTime } from '../../../../app/ui/DateTime';
import { Muted } from '../../../../app/ui/Panel';
import { useSecurityLevelFlow } from '../../safety.hooks';

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
          {WHERE[next] ? <Link to={WHERE[next]!}>{t(NEXT_KEY[next])}</Link> : t(NEXT_KEY[next])}
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
        {level.allowlist && <Link to="/user/c-symAddr">{t('safety.addressBook')}</Link>}
      </p>
      {level.withdrawals_locked_until > 0 && (
        <p role="status">
          {t('safety.lockedUntil')} <DateTime at={level.withdrawals_locked_until} />
        </p>
      )}
    </section>
  );
}
