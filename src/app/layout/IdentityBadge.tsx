import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { NameStatus, UserInfo } from '../../../domain/api';
import { Badge } from '../ui/Badge';

const LABEL: Record<NameStatus, { key: string; tone: 'dim' | 'warn' | 'up' | 'down' }> = {
  1: { key: 'identity.status.unverified', tone: 'dim' },
  2: { key: 'identity.status.pending', tone: 'warn' },
  3: { key: 'identity.status.verified', tone: 'up' },
  4: { key: 'identity.status.failed', tone: 'down' },
};

/** Spec §4 identity status name_status 1..4 as a coloured badge. */
export function IdentityBadge(props: { status: NameStatus }) {
  const { t } = useTranslation();
  const label = LABEL[props.status] ?? LABEL[1];
  return <Badge $tone={label.tone}>{t(label.key)}</Badge>;
}

/** Who is signed in: the account, its UID and its identity badge, a link to /user/identity (the header's account menu, the menu sheet). */
export function AccountSummary(props: { user: UserInfo; onPick: () => void }) {
  return (
    <>
      <div className="account">{props.user.account}</div>
      <div className="uid">UID {props.user.id}</div>
      <Link to="/user/identity" onClick={props.onPick}>
        <IdentityBadge status={props.user.info.name_status} />
      </Link>
    </>
  );
}

/**
 * The account's links under its summary (spec §2), one list for the header's popup and the phone's
 * sheet: the popup names identity verification, the sheet the notifications (the phone's header has no bell).
 */
const ACCOUNT_LINKS: ReadonlyArray<{ to: string; labelKey: string; only?: 'popup' | 'sheet' }> = [
  { to: '/user/s-securityset', labelKey: 'menu.user.securitySettings' },
  { to: '/user/identity', labelKey: 'menu.user.identity', only: 'popup' },
  { to: '/user/c-set', labelKey: 'menu.user.generalSettings' },
  // Gated pages of their own (/alerts, /recurring), not under /user: so listed here, each label in its feature's shell texts.
  { to: '/alerts', labelKey: 'nav.priceAlerts' },
  { to: '/recurring', labelKey: 'nav.recurringBuys' },
  { to: '/inform', labelKey: 'nav.notifications', only: 'sheet' },
  { to: '/user/helpcenter', labelKey: 'menu.user.help' },
];

export const accountLinks = (where: 'popup' | 'sheet') => ACCOUNT_LINKS.filter((link) => link.only === undefined || link.only === where);
