import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import type { UserInfo } from '../../domain/api';
import { Dropdown, MenuItem } from '../ui/Dropdown';
import { IdentityBadge } from './IdentityBadge';

const Head = styled.div`
  padding: 8px 10px 10px;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  margin-bottom: 4px;
  .account { font-weight: 600; }
  .uid { color: ${({ theme }) => theme.color.textDim}; font-size: 12px; margin: 2px 0 6px; }
`;

/** Drawn, not an emoji: emoji render as boxes on many desktops. */
function PersonIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
    </svg>
  );
}

/** Spec §2 signed-in popup: account, UID, identity badge (to /user/identity), links and sign-out. */
export function UserPopup(props: { user: UserInfo; onSignOut: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const go = (close: () => void, to: string) => () => {
    close();
    navigate(to);
  };
  return (
    <Dropdown label={<PersonIcon />} ariaLabel={t('nav.account')} align="right">
      {(close) => (
        <>
          <Head>
            <div className="account">{props.user.account}</div>
            <div className="uid">UID {props.user.id}</div>
            <Link to="/user/identity" onClick={close}>
              <IdentityBadge status={props.user.info.name_status} />
            </Link>
          </Head>
          <MenuItem role="menuitem" onClick={go(close, '/user/s-securityset')}>
            {t('menu.user.securitySettings')}
          </MenuItem>
          <MenuItem role="menuitem" onClick={go(close, '/user/identity')}>
            {t('menu.user.identity')}
          </MenuItem>
          <MenuItem role="menuitem" onClick={go(close, '/user/c-set')}>
            {t('menu.user.generalSettings')}
          </MenuItem>
          <MenuItem role="menuitem" onClick={go(close, '/user/helpcenter')}>
            {t('menu.user.help')}
          </MenuItem>
          <MenuItem
            role="menuitem"
            onClick={() => {
              close();
              props.onSignOut();
            }}
          >
            {t('nav.signOut')}
          </MenuItem>
        </>
      )}
    </Dropdown>
  );
}
