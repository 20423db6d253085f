import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Badge } from '../../../../app/ui/Badge';
import { DateTime } from '../../../../app/ui/DateTime';
import { Muted, PageTitle, Panel, PanelBody } from '../../../../app/ui/Panel';
import { FailedLine } from '../../../../app/ui/RetryButton';
import { NOTICE_BOARD_SIZE } from '../../machines/notices/noticeBoard.machine';
import { useNoticeBoardFlow } from '../../support.hooks';
import { PagePager } from '../PagePager';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  border-top: 1px solid ${({ theme }) => theme.color.border};
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 4px 10px;
    padding: 10px 4px;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }
  a { color: ${({ theme }) => theme.color.text}; font-weight: 500; overflow-wrap: anywhere; }
  a:hover { color: ${({ theme }) => theme.color.accent}; }
  time { margin-left: auto; color: ${({ theme }) => theme.color.textFaint}; font-size: ${({ theme }) => theme.size.small}; white-space: nowrap; }
`;

/**
 * The announcements (the spec's notice list): the published notices, newest first, in the display
 * language or English marked as such. A publish or unpublish in the console shows here live.
 */
export function NoticesPage() {
  const { t } = useTranslation();
  const board = useNoticeBoardFlow();
  const result = board.result;
  const pages = Math.max(1, Math.ceil((result?.total ?? 0) / NOTICE_BOARD_SIZE));
  return (
    <Panel>
      <PanelBody>
        <PageTitle>{t('notices.title')}</PageTitle>
        {board.failed && !result ? (
          <FailedLine onRetry={board.retry}>{t('notices.failed')}</FailedLine>
        ) : !result ? (
          <Muted>{t('common.loading')}</Muted>
        ) : result.list.length === 0 ? (
          <Muted>{t('notices.empty')}</Muted>
        ) : (
          <List aria-label={t('notices.title')} aria-busy={board.loading}>
            {result.list.map((n) => (
              <li key={n.id} data-testid="notice">
                <Link to={`/notices/${n.id}`}>{n.title}</Link>
                {n.fallback && <Badge>{t('notices.shownInEnglish')}</Badge>}
                <DateTime at={n.published_at} />
              </li>
            ))}
          </List>
        )}
        <PagePager page={board.page} pages={pages} busy={board.loading} onPage={board.goTo} texts={{ prev: t('notices.prev'), next: t('notices.next'), pageOf: t('notices.pageOf', { page: board.page, pages }) }} />
      </PanelBody>
    </Panel>
  );
}
