import { useTranslation } from 'react-i18next';
import type { FiatStanding } from '../../../../domain/fiat';
import { DateTime } from '../../../app/ui/DateTime';

/**
 * The user's P2P standing on their P2P pages: a suspension with its end (after max_unpaid orders
 * that went unpaid within 24 h), and otherwise how close they are to it and to the online-ads cap.
 */
export function StandingNotice(props: { standing: FiatStanding | undefined }) {
  const { t } = useTranslation();
  const s = props.standing;
  if (!s) return null;
  if (s.suspended_until !== null) {
    return (
      <p role="alert" className="down">
        {t('fiat.standing.suspended', { unpaid: s.max_unpaid })} {t('fiat.standing.until')} <DateTime at={s.suspended_until} />
      </p>
    );
  }
  return <p className="faint">{t('fiat.standing.summary', { unpaid: s.unpaid_24h, maxUnpaid: s.max_unpaid, online: s.online_ads, maxOnline: s.max_online_ads })}</p>;
}
