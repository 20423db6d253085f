import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { LANGUAGES } from '../../domain/languages';
import { PRICING_CURRENCIES } from '../../domain/pricingCurrencies';
import { useAppFlow, useSessionFlow } from '../views/hooks';
import { NotificationBell } from './NotificationBell';
import { AppQrCodes } from '../ui/AppQrCodes';
import { Dropdown, MenuItem } from '../ui/Dropdown';
import { HEADER_LINKS, offeredGroups, offeredLinks, ORDER_MENU, WALLET_MENU, type NavGroupSpec } from './navigation';
import { RegionBadge } from './RegionBadge';
import { UserPopup } from './UserPopup';
import { COMPACT_HEADER } from '../theme';

/** The narrow screens' menu panel, fetched when it is first opened (most visitors never open it). */
const SiteMenu = lazy(async () => ({ default: (await import('./SiteMenu')).SiteMenu }));

const Bar = styled.header`
  height: ${({ theme }) => theme.size.header};
  display: flex;
  align-items: stretch;
  gap: 4px;
  padding: 0 16px;
  background: ${({ theme }) => theme.color.panel};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  position: sticky;
  top: 0;
  z-index: 40;
`;

const Brand = styled(Link)`
  display: flex;
  align-items: center;
  gap: 8px;
  font-weight: 800;
  font-size: 17px;
  letter-spacing: 0.3px;
  margin-right: 14px;
  span { color: ${({ theme }) => theme.color.accent}; }
  ${COMPACT_HEADER} { margin-right: 0; }
`;

const Nav = styled.nav`
  display: flex;
  align-items: stretch;
  ${COMPACT_HEADER} { display: none; }
  a {
    display: flex;
    align-items: center;
    padding: 0 10px;
    color: ${({ theme }) => theme.color.text};
    border-bottom: 2px solid transparent;
    &:hover { color: ${({ theme }) => theme.color.accent}; }
    &.active { color: ${({ theme }) => theme.color.accent}; border-bottom-color: ${({ theme }) => theme.color.accent}; }
  }
`;

const Right = styled.div`
  margin-left: auto;
  display: flex;
  align-items: stretch;
  gap: 2px;
`;

/** What only the full-width header shows; narrower, the menu button offers it (SiteMenu). */
const Wide = styled.div`
  display: contents;
  ${COMPACT_HEADER} { display: none; }
`;

const MenuButton = styled.button`
  all: unset;
  cursor: pointer;
  display: none;
  align-items: center;
  padding: 0 4px 0 10px;
  &:hover, &[aria-expanded='true'] { color: ${({ theme }) => theme.color.accent}; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.accent}; }
  ${COMPACT_HEADER} { display: flex; }
`;

const AuthLink = styled(Link)<{ $primary?: boolean }>`
  align-self: center;
  padding: 5px 12px;
  border-radius: ${({ theme }) => theme.radius};
  font-weight: 600;
  background: ${({ theme, $primary }) => ($primary ? theme.color.accent : 'transparent')};
  color: ${({ theme, $primary }) => ($primary ? theme.color.accentText : theme.color.text)};
`;

const IconButton = styled.button`
  all: unset;
  cursor: pointer;
  display: flex;
  align-items: center;
  padding: 0 10px;
  font-size: 15px;
  &:hover { color: ${({ theme }) => theme.color.accent}; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.accent}; }
`;

const GroupTitle = styled.div`
  padding: 6px 10px 2px;
  font-size: 11px;
  color: ${({ theme }) => theme.color.textFaint};
  text-transform: uppercase;
  letter-spacing: 0.4px;
`;


function MenuGroups(props: { groups: NavGroupSpec[]; close: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      {props.groups.map((g) => (
        <div key={g.titleKey}>
          <GroupTitle>{t(g.titleKey)}</GroupTitle>
          {g.links.map((l) => (
            <MenuItem
              key={l.to}
              role="menuitem"
              onClick={() => {
                props.close();
                navigate(l.to);
              }}
            >
              {t(l.labelKey)}
            </MenuItem>
          ))}
        </div>
      ))}
    </>
  );
}

/** Spec §2 header: product links, wallet and orders menus, account area, app QR, language, pricing currency. */
export function Header() {
  const { t } = useTranslation();
  const appFlow = useAppFlow();
  const sessionFlow = useSessionFlow();
  const download = appFlow.config?.config.download;
  const siteName = appFlow.config?.config.sys.site_name ?? 'OpenEx';
  // Whether the narrow header's menu is open: presentation only. A new page closes it.
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const { pathname } = useLocation();
  useEffect(closeMenu, [pathname, closeMenu]);
  return (
    <Bar>
      <Brand to="/home" aria-label={siteName}>
        <span aria-hidden>◆</span>
        {siteName}
      </Brand>
      <Nav aria-label={t('nav.main')}>
        {offeredLinks(HEADER_LINKS, appFlow.config?.config.sys).map((l) => (
          <NavLink key={l.to} to={l.to} end={l.to === '/markets'}>
            {t(l.labelKey)}
          </NavLink>
        ))}
        <Dropdown label={t('nav.wallet')} ariaLabel={t('nav.wallet')}>
          {(close) => <MenuGroups groups={offeredGroups(WALLET_MENU, appFlow.config?.config.sys)} close={close} />}
        </Dropdown>
        <Dropdown label={t('nav.orders')} ariaLabel={t('nav.orders')}>
          {(close) => <MenuGroups groups={offeredGroups(ORDER_MENU, appFlow.config?.config.sys)} close={close} />}
        </Dropdown>
      </Nav>
      <Right>
        {sessionFlow.hasSession && sessionFlow.user ? (
          <>
            <NotificationBell userId={sessionFlow.user.id} />
            <Wide>
              <UserPopup user={sessionFlow.user} onSignOut={sessionFlow.signOut} />
            </Wide>
          </>
        ) : (
          <Wide>
            <AuthLink to="/login">{t('nav.login')}</AuthLink>
            <AuthLink to="/reg" $primary>
              {t('nav.register')}
            </AuthLink>
          </Wide>
        )}
        <Wide>
        <Dropdown label={t('nav.download')} ariaLabel={t('nav.download')} align="right">
          {() =>
            download ? (
              <AppQrCodes download={download} />
            ) : null
          }
        </Dropdown>
        <Dropdown
          label={
            <>
              <RegionBadge lang={appFlow.language.lang} /> {appFlow.language.name}
            </>
          }
          ariaLabel={t('nav.language')}
          align="right"
        >
          {(close) =>
            LANGUAGES.map((l) => (
              <MenuItem
                key={l.lang}
                role="menuitemradio"
                aria-checked={l.lang === appFlow.language.lang}
                $active={l.lang === appFlow.language.lang}
                onClick={() => {
                  close();
                  appFlow.changeLanguage(l.lang);
                }}
              >
                <RegionBadge lang={l.lang} /> {l.name}
              </MenuItem>
            ))
          }
        </Dropdown>
        <Dropdown label={`${appFlow.pricing.name} ${appFlow.pricing.mark}`} ariaLabel={t('nav.pricing')} align="right">
          {(close) =>
            PRICING_CURRENCIES.map((c) => (
              <MenuItem
                key={c.name}
                role="menuitemradio"
                aria-checked={c.name === appFlow.pricing.name}
                $active={c.name === appFlow.pricing.name}
                onClick={() => {
                  close();
                  appFlow.changePricing(c.name);
                }}
              >
                {c.name} {c.mark}
              </MenuItem>
            ))
          }
        </Dropdown>
        <IconButton
          type="button"
          aria-label={t(appFlow.theme === 'dark' ? 'nav.themeLight' : 'nav.themeDark')}
          title={t(appFlow.theme === 'dark' ? 'nav.themeLight' : 'nav.themeDark')}
          onClick={() => appFlow.changeTheme(appFlow.theme === 'dark' ? 'light' : 'dark')}
        >
          {appFlow.theme === 'dark' ? '☀' : '☾'}
        </IconButton>
        </Wide>
        <MenuButton type="button" aria-label={t('nav.menu')} aria-expanded={menuOpen} aria-controls="site-menu" onClick={() => setMenuOpen((open) => !open)}>
          <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden>
            {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </MenuButton>
      </Right>
      {menuOpen && (
        <Suspense fallback={null}>
          <SiteMenu id="site-menu" onClose={closeMenu} />
        </Suspense>
      )}
    </Bar>
  );
}
