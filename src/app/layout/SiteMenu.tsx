import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import styled from 'styled-components';
import { PRICING_CURRENCIES } from '../../../domain/pricingCurrencies';
import { useAppFlow, useSessionFlow } from '../views/hooks';
import { AccountSummary, accountLinks } from './IdentityBadge';
import { menuGroups } from './menuGroups';
import { MenusContext, offeredLinks, type NavGroupSpec } from './navigation';
import { useEscapeKey } from '../ui/useEscapeKey';
import { LanguageSelect, useThemeToggle } from './preferenceControls';

// Inside the header, which keeps its own labels on one line.
const Sheet = styled.div`
  position: fixed;
  top: ${({ theme }) => theme.size.header};
  left: 0;
  right: 0;
  bottom: 0;
  z-index: 39;
  overflow-y: auto;
  overscroll-behavior: contain;
  background: ${({ theme }) => theme.color.panel};
  border-top: 1px solid ${({ theme }) => theme.color.border};
  padding: 6px 16px 24px;
  white-space: normal;
  section { padding: 8px 0; border-bottom: 1px solid ${({ theme }) => theme.color.border}; }
  h2 {
    margin: 6px 0 4px;
    font-size: 11px;
    font-weight: 600;
    color: ${({ theme }) => theme.color.textFaint};
    text-transform: uppercase;
    letter-spacing: 0.4px;
  }
  a, button.item {
    display: block;
    padding: 8px 0;
    color: ${({ theme }) => theme.color.text};
    &.active { color: ${({ theme }) => theme.color.accent}; }
  }
  button.item { all: unset; box-sizing: border-box; display: block; width: 100%; padding: 8px 0; cursor: pointer; }
  .account { font-weight: 600; overflow-wrap: anywhere; }
  .uid { color: ${({ theme }) => theme.color.textDim}; font-size: 12px; margin: 2px 0 6px; }
`;

const Links = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  column-gap: 12px;
`;

// Language, pricing currency and theme first, on one line: a phone's sheet is long, and someone who
// opened the page in a language they cannot read should not have to scroll past forty links.
const Preferences = styled.section`
  display: flex;
  align-items: center;
  gap: 8px;
  select, button.theme {
    min-height: 36px;
    padding: 4px 8px;
    color: ${({ theme }) => theme.color.text};
    background: ${({ theme }) => theme.color.panelRaised};
    border: 1px solid ${({ theme }) => theme.color.fieldBorder};
    border-radius: ${({ theme }) => theme.radius};
    font: inherit;
  }
  select { flex: 1 1 0; min-width: 0; }
  button.theme { flex: none; width: 40px; cursor: pointer; }
`;

const Auth = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 10px;
  a {
    text-align: center;
    padding: 9px 0 !important;
    border-radius: ${({ theme }) => theme.radius};
    border: 1px solid ${({ theme }) => theme.color.border};
    font-weight: 600;
  }
  a.primary { background: ${({ theme }) => theme.color.accent}; color: ${({ theme }) => theme.color.accentText}; border-color: transparent; }
`;

function Groups(props: { groups: NavGroupSpec[]; onPick: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      {props.groups.map((g) => (
        <div key={g.titleKey}>
          <h2>{t(g.titleKey)}</h2>
          <Links>
            {g.links.map((l) => (
              <NavLink key={l.to} to={l.to} end onClick={props.onPick}>
                {t(l.labelKey)}
              </NavLink>
            ))}
          </Links>
        </div>
      ))}
    </>
  );
}

/**
 * The header's destinations when they do not fit on one line (phones and narrow windows): product
 * links, account (log in / register, or the account's links and sign-out), wallet and orders
 * menus; language, pricing currency and theme first. Opened by the header's menu button; picking a
 * destination, Escape or the button closes it. Which it is open is presentation only.
 */
export function SiteMenu(props: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const appFlow = useAppFlow();
  const session = useSessionFlow();
  const sys = appFlow.config?.config.sys;
  const menus = MenusContext.use();
  const { onClose } = props;
  const themeToggle = useThemeToggle();
  // Escape on the page closes the sheet.
  useEscapeKey(onClose);
  return (
    <Sheet id={props.id} role="dialog" aria-label={t('nav.menu')}>
      <Preferences aria-label={t('nav.preferences')}>
        <LanguageSelect />
        <select aria-label={t('nav.pricing')} value={appFlow.pricing.name} onChange={(e) => appFlow.changePricing(e.target.value)}>
          {PRICING_CURRENCIES.map((c) => (
            <option key={c.name} value={c.name}>
              {c.name} {c.mark}
            </option>
          ))}
        </select>
        <button type="button" className="theme" {...themeToggle} />
      </Preferences>
      <section>
        {session.hasSession && session.user ? (
          <>
            <h2>{t('nav.account')}</h2>
            <AccountSummary user={session.user} onPick={onClose} />
            <Links>
              {accountLinks('sheet').map(({ to, labelKey }) => (
                <Link key={to} to={to} onClick={onClose}>
                  {t(labelKey)}
                </Link>
              ))}
            </Links>
            <button
              type="button"
              className="item"
              onClick={() => {
                onClose();
                session.signOut();
              }}
            >
              {t('nav.signOut')}
            </button>
          </>
        ) : (
          <Auth>
            <Link to="/login" onClick={onClose}>
              {t('nav.login')}
            </Link>
            <Link to="/reg" className="primary" onClick={onClose}>
              {t('nav.register')}
            </Link>
          </Auth>
        )}
      </section>
      <nav aria-label={t('nav.main')}>
        <section>
          <Links>
            {offeredLinks(menus.header, sys).map((l) => (
              <NavLink key={l.to} to={l.to} end={l.to === '/markets'} onClick={onClose}>
                {t(l.labelKey)}
              </NavLink>
            ))}
          </Links>
        </section>
        <section aria-label={t('nav.wallet')}>
          <Groups groups={menuGroups(menus.wallet, sys)} onPick={onClose} />
        </section>
        <section aria-label={t('nav.orders')}>
          <Groups groups={menuGroups(menus.order, sys)} onPick={onClose} />
        </section>
      </nav>
    </Sheet>
  );
}
