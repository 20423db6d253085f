import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useSessionFlow } from '../../../../app/views/hooks';
import { useInformArrival, useInformFlow } from '../../support.hooks';
import { PagePager } from '../PagePager';
import { Button } from '../../../../app/ui/Button';
import { FailedLine } from '../../../../app/ui/RetryButton';
import { DateTime } from '../../../../app/ui/DateTime';
import { Muted, PageTitle, Panel, PanelBody } from '../../../../app/ui/Panel';
import { PHONE } from '../../../../app/theme';

const PAGE_SIZE = 20;

// The header's last control (mark all read) at the right; the title alone (signed out) stays left.
const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  margin-bottom: 10px;
  h1 { margin: 0; }
  > :last-child:not(:first-child) { margin-left: auto; }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  border-top: 1px solid ${({ theme }) => theme.color.border};
`;

// A body quoting an address or a transaction hash breaks it rather than widening the page.
// On a phone the date and the button go under the text, which keeps the whole width.
const Row = styled.li<{ $unread: boolean }>`
  display: grid;
  grid-template-columns: 10px minmax(0, 1fr) auto;
  gap: 4px 10px;
  align-items: start;
  padding: 9px 4px;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme, $unread }) => ($unread ? `${theme.color.accent}0d` : 'transparent')};
  h2 { margin: 0; font-size: 13px; font-weight: ${({ $unread }) => ($unread ? 700 : 500)}; }
  p { margin: 2px 0 0; color: ${({ theme }) => theme.color.textDim}; line-height: 1.5; }
  h2, p { overflow-wrap: anywhere; }
  ${PHONE} {
    grid-template-columns: 10px minmax(0, 1fr);
    & > :last-child { grid-column: 2; flex-direction: row; align-items: center; justify-content: space-between; }
  }
`;

const Dot = styled.span<{ $on: boolean }>`
  width: 7px;
  height: 7px;
  margin-top: 5px;
  border-radius: 50%;
  background: ${({ theme, $on }) => ($on ? theme.color.accent : 'transparent')};
`;

const Side = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: 4px;
  time { color: ${({ theme }) => theme.color.textFaint}; font-size: ${({ theme }) => theme.size.small}; white-space: nowrap; }
`;

/** A fresh first page when the signed-in user arrives (support.hooks.ts: an actor of the page's lifetime). */
function InformArrival() {
  useInformArrival();
  return null;
}

/** Spec §2 /inform: the signed-in user's notifications with mark as read and mark all read. */
export function InformPage() {
  const { t } = useTranslation();
  const session = useSessionFlow();
  const inform = useInformFlow();
  const { load } = inform;
  const userId = session.hasSession ? session.user?.id : undefined;
  const signedIn = userId !== undefined;

  const pages = Math.max(1, Math.ceil(inform.total / PAGE_SIZE));

  return (
    <Panel>
      {/* Fresh on arrival, for this user; the header keeps the first page loaded for the bell in between. */}
      {signedIn && <InformArrival key={userId} />}
      <PanelBody>
        <Head>
          <PageTitle>{t('inform.title')}</PageTitle>
          {signedIn && <Muted aria-live="polite">{t('inform.unread', { count: inform.unread })}</Muted>}
          {signedIn && (
            <Button type="button" $variant="ghost" $small disabled={inform.unread === 0 || inform.busy} onClick={inform.markAll}>
              {t('inform.markAll')}
            </Button>
          )}
        </Head>
        {!signedIn ? (
          <Muted>
            {t('inform.loginFirst')} <Link to="/login">{t('nav.login')}</Link>
          </Muted>
        ) : inform.failed && inform.items.length === 0 ? (
          <FailedLine onRetry={inform.retry}>{t('inform.failed')}</FailedLine>
        ) : inform.loading ? (
          <Muted>{t('common.loading')}</Muted>
        ) : inform.items.length === 0 ? (
          <Muted>{t('inform.empty')}</Muted>
        ) : (
          <List aria-label={t('inform.title')}>
            {inform.items.map((n) => (
              <Row key={n.id} $unread={!n.read} data-testid="notification">
                <Dot $on={!n.read} aria-label={n.read ? undefined : t('inform.unreadLabel')} />
                <div>
                  <h2>{n.title}</h2>
                  <p>{n.body}</p>
                </div>
                <Side>
                  <DateTime at={n.created_at} />
                  {!n.read && (
                    <Button type="button" $variant="ghost" $small disabled={inform.busy} onClick={() => inform.markRead(n.id)}>
                      {inform.markingId === n.id ? t('common.loading') : t('inform.markRead')}
                    </Button>
                  )}
                </Side>
              </Row>
            ))}
          </List>
        )}
        {signedIn && <PagePager page={inform.page} pages={pages} busy={inform.busy} onPage={load} texts={{ prev: t('inform.prev'), next: t('inform.next'), pageOf: t('inform.pageOf', { page: inform.page, pages }) }} />}
      </PanelBody>
    </Panel>
  );
}
