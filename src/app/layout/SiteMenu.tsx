import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import styled from 'styled-components';
import { LANGUAGES } from '../../../domain/languages';
import { PRICING_CURRENCIES } from '../../../domain/pricingCurrencies';
import { useAppFlow, useSessionFlow } from '../views/hooks';
import { AccountSummary, accountLinks } from './IdentityBadge';
import { menuGroups } from './menuGroups';
import { MenusContext, offeredLinks, type NavGroupSpec } from './navigation';
import { RegionBadge } from './RegionBadge';
import { useEscapeKey } from '../ui/useEscapeKey';

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

const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  padding: 4px 0;
  button {
    all: unset;
    cursor: pointer;
    display: inline-flex;
    align-items: center;
    gap: 6px;
    padding: 6px 10px;
    border-radius: ${({ theme }) => theme.radius};
    border: 1px solid ${({ theme }) => theme.color.border};
  }
  button[aria-pressed='true'] { border-color: ${({ theme }) => theme.color.accent}; color: ${({ theme }) => theme.color.accent}; }
  button:focus-visible { outline: 2px solid ${({ theme }) => theme.color.accent}; }
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

/** A titled group of pressed choices (the sheet's language and pricing currency). */
function ChoiceSection(props: { id: string; title: string; children: ReactNode }) {
  return (
    <section>
      <h2 id={props.id}>{props.title}</h2>
      <Choices role="group" aria-labelledby={props.id}>
        {props.children}
      </Choices>
    </section>
  );
}

/**
 * The header's destinations when they do not fit on one line (phones and narrow windows): product
 * links, account (log in / register, or the account's links and sign-out), wallet and orders
 * menus, language, pricing currency and theme. Opened by the header's menu button; picking a
 * destination, Escape or the button closes it. Which it is open is presentation only.
 */
export function SiteMenu(props: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const appFlow = useAppFlow();
  const session = useSessionFlow();
  const sys = appFlow.config?.config.sys;
  const menus = MenusContext.use();
  const { onClose } = props;
  // Escape on the page closes the sheet.
  useEscapeKey(onClose);
  return (
    <Sheet id={props.id} role="dialog" aria-label={t('nav.menu')}>
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
      <ChoiceSection id="site-menu-language" title={t('nav.language')}>
        {LANGUAGES.map((l) => (
          <button key={l.lang} type="button" aria-pressed={l.lang === appFlow.language.lang} onClick={() => appFlow.changeLanguage(l.lang)}>
            <RegionBadge lang={l.lang} /> {l.name}
          </button>
        ))}
      </ChoiceSection>
      <ChoiceSection id="site-menu-pricing" title={t('nav.pricing')}>
        {PRICING_CURRENCIES.map((c) => (
          <button key={c.name} type="button" aria-pressed={c.name === appFlow.pricing.name} onClick={() => appFlow.changePricing(c.name)}>
            {c.name} {c.mark}
          </button>
        ))}
      </ChoiceSection>
      <section>
        <button type="button" className="item" onClick={() => appFlow.changeTheme(appFlow.theme === 'dark' ? 'light' : 'dark')}>
          {appFlow.theme === 'dark' ? '☀' : '☾'} {t(appFlow.theme === 'dark' ? 'nav.themeLight' : 'nav.themeDark')}
        </button>
      </section>
    </Sheet>
  );
}
