import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, NavLink, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { useAppFlow, useSessionFlow } from '../views/hooks';
import { AppQrCodes } from '../ui/AppQrCodes';
import { Dropdown } from '../ui/Dropdown';
import { FIT_SHORT, splitLinks, useHeaderFit } from './headerFit';
// The narrow screens' menu panel (SiteMenu) and the menus' content are fetched on first use.
import { HeaderMenu, loadMenus, NotificationBell, SiteMenu, UserPopup } from './lazyParts';
import { MenusContext, offeredLinks } from './navigation';
import { RegionBadge } from './RegionBadge';
import { COMPACT_HEADER } from '../theme';
import { useThemeToggle } from './preferenceControls';

// One line at every width: what does not fit is collapsed by the fit level (headerFit.ts).
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
  white-space: nowrap;
  & > * { flex-shrink: 0; }
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

// "More" holding the current page is marked as the links are.
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
  [data-current] button[aria-haspopup] { color: ${({ theme }) => theme.color.accent}; box-shadow: inset 0 -2px ${({ theme }) => theme.color.accent}; }
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

/** Spec §2 header: product links, wallet and orders menus, account area, app QR, language, pricing currency. */
export function Header() {
  const { t, i18n } = useTranslation();
  const appFlow = useAppFlow();
  const themeToggle = useThemeToggle();
  const sessionFlow = useSessionFlow();
  const download = appFlow.config?.config.download;
  const siteName = appFlow.config?.config.sys.site_name ?? 'OpenEx';
  // Whether the narrow header's menu is open: presentation only. A new page closes it.
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const { pathname } = useLocation();
  // effect: the narrow header's open menu is presentation state; a new page closes it.
  useEffect(closeMenu, [pathname, closeMenu]);
  // Presentation only: how much the wide header collapses to stay on one line (headerFit.ts).
  const bar = useRef<HTMLElement>(null);
  const right = useRef<HTMLDivElement>(null);
  const sys = appFlow.config?.config.sys;
  const menus = MenusContext.use();
  const offered = offeredLinks(menus.header, sys);
  // What the labels' widths depend on; the header measures itself again only when it changes.
  // i18n.language: the labels change when the catalogue is in, after the flow's language does.
  const content = [i18n.language, appFlow.pricing.name, sessionFlow.hasSession, sessionFlow.user?.id, offered.length].join(' ');
  const level = useHeaderFit(bar, right, content);
  const short = level >= FIT_SHORT;
  const links = splitLinks(offered, level);
  const pricing = `${appFlow.pricing.name} ${appFlow.pricing.mark}`;
  const moreCurrent = links.more.some((l) => matchPath({ path: l.to, end: l.to === '/markets' }, pathname));
  return (
    <Bar ref={bar} onPointerEnter={loadMenus} onFocus={loadMenus}>
      <Brand to="/home" aria-label={siteName}>
        <span aria-hidden>◆</span>
        {siteName}
      </Brand>
      <Nav aria-label={t('nav.main')}>
        {links.shown.map((l) => (
          <NavLink key={l.to} to={l.to} end={l.to === '/markets'}>
            {t(l.labelKey)}
          </NavLink>
        ))}
        {links.more.length > 0 && (
          <div data-current={moreCurrent || undefined} style={{ display: 'contents' }}>
            <Dropdown label={t('nav.more')} ariaLabel={t('nav.more')}>
              {(close) => <HeaderMenu kind="links" links={links.more} close={close} />}
            </Dropdown>
          </div>
        )}
        <Dropdown label={t('nav.wallet')} ariaLabel={t('nav.wallet')}>
          {(close) => <HeaderMenu kind="groups" links={menus.wallet} close={close} />}
        </Dropdown>
        <Dropdown label={t('nav.orders')} ariaLabel={t('nav.orders')}>
          {(close) => <HeaderMenu kind="groups" links={menus.order} close={close} />}
        </Dropdown>
      </Nav>
      <Right ref={right}>
        {sessionFlow.hasSession && sessionFlow.user ? (
          <Suspense fallback={null}>
            <NotificationBell userId={sessionFlow.user.id} />
            <Wide>
              <UserPopup user={sessionFlow.user} onSignOut={sessionFlow.signOut} />
            </Wide>
          </Suspense>
        ) : (
          <Wide>
            <AuthLink to="/login">{t('nav.login')}</AuthLink>
            <AuthLink to="/reg" $primary>
              {t('nav.register')}
            </AuthLink>
          </Wide>
        )}
        <Wide>
        {/* The app download, the least used, gives its room up first (the footer has it too). */}
        {!short && (
          <Dropdown label={t('nav.download')} ariaLabel={t('nav.download')} align="right">
            {() => (download ? <AppQrCodes download={download} /> : null)}
          </Dropdown>
        )}
        <Dropdown
          label={
            <>
              <RegionBadge lang={appFlow.language.lang} />
              {!short && ` ${appFlow.language.name}`}
            </>
          }
          ariaLabel={t('nav.language')}
          title={short ? appFlow.language.name : undefined}
          align="right"
        >
          {(close) => <HeaderMenu kind="language" close={close} />}
        </Dropdown>
        <Dropdown
          label={short ? appFlow.pricing.name : pricing}
          ariaLabel={t('nav.pricing')}
          title={short ? pricing : undefined}
          align="right"
        >
          {(close) => <HeaderMenu kind="pricing" close={close} />}
        </Dropdown>
        <IconButton type="button" {...themeToggle} />
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
