import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { scrollFade, useScrollEdges } from '../ui/ScrollCues';
import { currentGroup, menuGroups } from './menuGroups';
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
  ${PHONE} { display: none; }
`;

/**
 * A phone's menu, above the page: the groups in one row, the current group's links in a second.
 * One row of every link read "Current orders", "Order history", "Current orders"… with the groups'
 * titles (spot, futures, seconds) hidden; now each label is met once, under its group.
 */
const PhoneSide = styled.nav`
  display: none;
  ${PHONE} {
    display: block;
    background: ${({ theme }) => theme.color.panel};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius};
  }
`;

/** A row of links that scrolls sideways inside itself, faded at an edge that hides more. */
const Row = styled.div`
  display: flex;
  overflow-x: auto;
  overscroll-behavior-x: contain;
  scrollbar-width: none;
  ${scrollFade}
  & + & { border-top: 1px solid ${({ theme }) => theme.color.border}; }
  &.groups a { font-weight: 600; }
  a { flex: none; white-space: nowrap; padding: 9px 12px; border-bottom: 2px solid transparent; color: ${({ theme }) => theme.color.textDim}; }
  a.active { color: ${({ theme }) => theme.color.accent}; border-bottom-color: ${({ theme }) => theme.color.accent}; }
`;

interface RowLink {
  to: string;
  label: string;
  /** A group's link: current while the page is any of its group's (else the router's own match). */
  current?: boolean;
}

/** A phone's menu row; its current link scrolled into view. */
function MenuRow(props: { links: RowLink[]; className?: string }) {
  const row = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(row);
  const { pathname } = useLocation();
  const shown = props.links.map((l) => `${l.to} ${l.label}`).join('|');
  // effect: scrolls the menu row (DOM layout) so the current link is in view.
  useEffect(() => {
    // Only where the row scrolls: the current link, centred in view.
    const el = row.current;
    const active = el?.querySelector<HTMLElement>('a.active');
    if (!el || !active || el.scrollWidth <= el.clientWidth) return;
    const box = el.getBoundingClientRect();
    const link = active.getBoundingClientRect();
    el.scrollLeft += link.left + link.width / 2 - (box.left + box.width / 2);
    // Again when the page changes or the links do (the language's texts arriving, the menu's entries).
  }, [pathname, shown]);
  return (
    <Row ref={row} className={props.className} data-more-start={edges.start || undefined} data-more-end={edges.end || undefined}>
      {props.links.map((l) =>
        l.current === undefined ? (
          <NavLink key={l.to} to={l.to} end>
            {l.label}
          </NavLink>
        ) : (
          <Link key={l.to} to={l.to} className={l.current ? 'active' : undefined} aria-current={l.current ? 'true' : undefined}>
            {l.label}
          </Link>
        ),
      )}
    </Row>
  );
}

/** The left-menu layout of /user, /wallet and /order (spec §2); on a phone, two rows above the page. */
export function MenuLayout(props: { links: MenuLink[]; label: string; account?: string }) {
  const { t } = useTranslation();
  const sys = useAppFlow().config?.config.sys;
  const { pathname } = useLocation();
  const groups = menuGroups(props.links, sys, props.account);
  const current = currentGroup(groups, pathname);
  return (
    <Grid>
      <Side aria-label={t(props.label)}>
        {groups.map((g) => (
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
      <PhoneSide aria-label={t(props.label)}>
        {groups.length > 1 && <MenuRow className="groups" links={groups.map((g) => ({ to: g.links[0]!.to, label: t(g.titleKey), current: g === current }))} />}
        {current && current.links.length > 1 && <MenuRow links={current.links.map((l) => ({ to: l.to, label: t(l.labelKey) }))} />}
      </PhoneSide>
      <div>
        <Outlet />
      </div>
    </Grid>
  );
}
