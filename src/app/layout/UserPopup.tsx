import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../domain/api';
import { Dropdown } from '../ui/Dropdown';
import { HeaderMenu } from './lazyParts';

/** Drawn, not an emoji: emoji render as boxes on many desktops. */
function PersonIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
    </svg>
  );
}

/** Spec §2 signed-in popup: account, UID, identity badge (to /user/identity), links and sign-out (HeaderMenus.tsx). */
export function UserPopup(props: { user: UserInfo; onSignOut: () => void }) {
  const { t } = useTranslation();
  return (
    <Dropdown label={<PersonIcon />} ariaLabel={t('nav.account')} align="right">
      {(close) => <HeaderMenu kind="account" user={props.user} onSignOut={props.onSignOut} close={close} />}
    </Dropdown>
  );
}
