import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { scrollFade, useScrollEdges } from '../ui/ScrollCues';
import { menuGroups } from './menuGroups';
import type { MenuLink } from './navigation';
import { useAppFlow } from '../views/hooks';
import { PHONE } from '../theme';

const Grid = styled.div`
  display: grid;
  grid-template-columns: 210px minmax(0, 1fr);
  gap: 16px;
  align-items: start;
  ${PHONE} { grid-template-columns: minmax(0, 1fr); gap: 10px; }
`;

const Side = styled.nav`
  background: ${({ theme }) => theme.color.panel};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius};
  padding: 8px 0;
  position: sticky;
  top: 68px;
  h2 { margin: 10px 16px 4px; font-size: 11px; font-weight: 600; color: ${({ theme }) => theme.color.textFaint}; text-transform: uppercase; letter-spacing: 0.4px; }
  a {
    display: block;
    padding: 7px 16px;
    border-left: 2px solid transparent;
    color: ${({ theme }) => theme.color.textDim};
    &:hover { color: ${({ theme }) => theme.color.text}; background: ${({ theme }) => theme.color.hover}; }
    &.active { color: ${({ theme }) => theme.color.accent}; border-left-color: ${({ theme }) => theme.color.accent}; background: ${({ theme }) => theme.color.hover}; }
  }
  /* A phone: the menu is one row of links that scrolls sideways inside itself, above the page;
     the links fade out at an edge that hides more, and the current one is scrolled into view. */
  ${PHONE} {
    position: static;
    display: flex;
    overflow-x: auto;
    overscroll-behavior-x: contain;
    scrollbar-width: none;
    ${scrollFade}
    padding: 0;
    div { display: contents; }
    h2 { display: none; }
    a { flex: none; white-space: nowrap; padding: 9px 12px; border-left: 0; border-bottom: 2px solid transparent; }
    a.active { border-bottom-color: ${({ theme }) => theme.color.accent}; }
  }
`;

/** The left-menu layout of /user, /wallet and /order (spec §2). */
export function MenuLayout(props: { links: MenuLink[]; label: string; account?: string }) {
  const { t } = useTranslation();
  const sys = useAppFlow().config?.config.sys;
  const side = useRef<HTMLElement>(null);
  const edges = useScrollEdges(side);
  const { pathname } = useLocation();
  // effect: scrolls the menu row (DOM layout) so the current link is in view.
  useEffect(() => {
    // Only where the menu is a row that scrolls (a phone): the current link, centred in view.
    const el = side.current;
    const active = el?.querySelector<HTMLElement>('a.active');
    if (!el || !active || el.scrollWidth <= el.clientWidth) return;
    const box = el.getBoundingClientRect();
    const link = active.getBoundingClientRect();
    el.scrollLeft += link.left + link.width / 2 - (box.left + box.width / 2);
    // Again when the labels change (the language's texts arriving) or the menu does.
  }, [pathname, t, sys]);
  return (
    <Grid>
      <Side ref={side} aria-label={t(props.label)} data-more-start={edges.start || undefined} data-more-end={edges.end || undefined}>
        {menuGroups(props.links, sys, props.account).map((g) => (
          <div key={g.titleKey}>
            <h2>{t(g.titleKey)}</h2>
            {g.links.map((l) => (
              <NavLink key={`${g.titleKey}${l.to}`} to={l.to} end>
                {t(l.labelKey)}
              </NavLink>
            ))}
          </div>
        ))}
      </Side>
      <div>
        <Outlet />
      </div>
    </Grid>
  );
}
