import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import type { UserInfo } from '../../../domain/api';
import { LANGUAGES } from '../../../domain/languages';
import { PRICING_CURRENCIES } from '../../../domain/pricingCurrencies';
import { useAppFlow } from '../views/hooks';
import { MenuItem } from '../ui/Dropdown';
import { AccountSummary, accountLinks } from './IdentityBadge';
import { menuGroups } from './menuGroups';
import type { MenuLink, NavLinkSpec } from './navigation';
import { RegionBadge } from './RegionBadge';

export { SiteMenu } from './SiteMenu';
export { SignOutDialog } from './SignOutDialog';

/**
 * What the header's menus hold, fetched when the pointer or the focus first comes to the header
 * (or a menu opens): none of it is drawn before a menu is opened, so /home does not carry it.
 */
export type HeaderMenuProps = { close: () => void } & (
  | { kind: 'groups'; links: MenuLink[] }
  | { kind: 'links'; links: NavLinkSpec[] }
  | { kind: 'language' }
  | { kind: 'pricing' }
  | { kind: 'account'; user: UserInfo; onSignOut: () => void }
);

const GroupTitle = styled.div`
  padding: 6px 10px 2px;
  font-size: 11px;
  color: ${({ theme }) => theme.color.textFaint};
  text-transform: uppercase;
  letter-spacing: 0.4px;
`;

// The header keeps its labels on one line; a long account wraps here.
const Head = styled.div`
  padding: 8px 10px 10px;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  margin-bottom: 4px;
  .account { font-weight: 600; max-width: 260px; white-space: normal; overflow-wrap: anywhere; }
  .uid { color: ${({ theme }) => theme.color.textDim}; font-size: 12px; margin: 2px 0 6px; }
`;

/** Is `to` the current page, as the header's NavLinks decide it. */
const isCurrent = (to: string, pathname: string) => matchPath({ path: to, end: to === '/markets' }, pathname) !== null;

export default function HeaderMenu(props: HeaderMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const app = useAppFlow();
  const { close } = props;
  const go = (to: string) => () => {
    close();
    navigate(to);
  };
  // One of a few choices (language, pricing currency): picking it closes the menu and changes it.
  const choice = (key: string, checked: boolean, pick: () => void, label: ReactNode) => (
    <MenuItem
      key={key}
      role="menuitemradio"
      aria-checked={checked}
      $active={checked}
      onClick={() => {
        close();
        pick();
      }}
    >
      {label}
    </MenuItem>
  );
  switch (props.kind) {
    case 'groups':
      return menuGroups(props.links, app.config?.config.sys).map((g) => (
        <div key={g.titleKey}>
          <GroupTitle>{t(g.titleKey)}</GroupTitle>
          {g.links.map((l) => (
            <MenuItem key={l.to} role="menuitem" onClick={go(l.to)}>
              {t(l.labelKey)}
            </MenuItem>
          ))}
        </div>
      ));
    // The product links the bar has no room for, in the bar's order; the current page marked.
    case 'links':
      return props.links.map((l) => (
        <MenuItem key={l.to} role="menuitem" $active={isCurrent(l.to, pathname)} aria-current={isCurrent(l.to, pathname) ? 'page' : undefined} onClick={go(l.to)}>
          {t(l.labelKey)}
        </MenuItem>
      ));
    case 'language':
      return LANGUAGES.map((l) => choice(l.lang, l.lang === app.language.lang, () => app.changeLanguage(l.lang), <><RegionBadge lang={l.lang} /> {l.name}</>));
    case 'pricing':
      return PRICING_CURRENCIES.map((c) => choice(c.name, c.name === app.pricing.name, () => app.changePricing(c.name), `${c.name} ${c.mark}`));
    // Spec §2 signed-in popup: account, UID, identity badge (to /user/identity), links and sign-out.
    case 'account':
      return (
        <>
          <Head>
            <AccountSummary user={props.user} onPick={close} />
          </Head>
          {accountLinks('popup').map(({ to, labelKey }) => (
            <MenuItem key={to} role="menuitem" onClick={go(to)}>
              {t(labelKey)}
            </MenuItem>
          ))}
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
      );
  }
}
