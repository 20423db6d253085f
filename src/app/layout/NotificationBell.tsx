import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';

const Bell = styled(Link)`
  position: relative;
  display: flex;
  align-items: center;
  padding: 0 10px;
  font-size: 16px;
  &:hover { color: ${({ theme }) => theme.color.accent}; }
`;

/** The bell with its count, fetched with the hooks of the shell's notices slot (not needed to show /home). */
const LiveBell = lazy(async () => ({ default: (await import('./LiveBell')).LiveBell }));

/**
 * Header bell with the unread count (spec §2 header). Shown only with a session: it loads the
 * notifications when the user (or the display language, which the texts are rendered in)
 * changes, and clears them when the session ends and it unmounts. The notifications' machine
 * loads with the flows of the product that fills the notices slot (notices.context.ts); until then the same bell shows without a count.
 */
export function NotificationBell(props: { userId: number }) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<BellLink label={t('nav.notifications')} />}>
      <LiveBell userId={props.userId} />
    </Suspense>
  );
}

/** The bell link itself, with the count when there is one (LiveBell draws it). */
export function BellLink(props: { label: string; children?: ReactNode }) {
  return (
    <Bell to="/inform" aria-label={props.label} title={props.label}>
      {/* An inline icon: the emoji bell is missing from many system fonts. */}
      <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
        <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
        <path d="M13.7 21a2 2 0 0 1-3.4 0" />
      </svg>
      {props.children}
    </Bell>
  );
}
