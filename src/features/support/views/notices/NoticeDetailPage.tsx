import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { NoteText } from '../../../../app/layout/Footer';
import { Badge } from '../../../../app/ui/Badge';
import { DateTime } from '../../../../app/ui/DateTime';
import { Muted, PageTitle, Panel, PanelBody } from '../../../../app/ui/Panel';
import { RetryButton } from '../../../../app/ui/RetryButton';
import { useNoticeDetailFlow } from '../../support.hooks';

const Back = styled(Link)`
  display: inline-block;
  margin-bottom: 10px;
  color: ${({ theme }) => theme.color.textDim};
  &:hover { color: ${({ theme }) => theme.color.accent}; }
`;

const Article = styled.article`
  max-width: 760px;
  overflow-wrap: break-word;
  ul { padding-left: 20px; }
  p, li { color: ${({ theme }) => theme.color.text}; }
  time { color: ${({ theme }) => theme.color.textFaint}; font-size: ${({ theme }) => theme.size.small}; margin-right: 8px; }
`;

/** One announcement; its text rendered as plain text like the platform notes (no HTML from the server). */
export function NoticeDetailPage() {
  const { id } = useParams();
  const notice = Number(id);
  if (!Number.isSafeInteger(notice) || notice < 1) return <Navigate to="/notices" replace />;
  // One actor per notice: another notice is a new read.
  return <NoticeView key={notice} id={notice} />;
}

function NoticeView(props: { id: number }) {
  const { t } = useTranslation();
  const flow = useNoticeDetailFlow(props.id);
  return (
    <Panel>
      <PanelBody>
        <Back to="/notices">← {t('notices.back')}</Back>
        {flow.failed ? (
          <Muted role="alert">
            {t('notices.notFound')} <RetryButton small onRetry={flow.retry} />
          </Muted>
        ) : !flow.notice ? (
          <Muted>{t('common.loading')}</Muted>
        ) : (
          <Article>
            <PageTitle>{flow.notice.title}</PageTitle>
            <DateTime at={flow.notice.published_at} />
            {flow.notice.fallback && <Badge>{t('notices.shownInEnglish')}</Badge>}
            <NoteText content={flow.notice.content} />
          </Article>
        )}
      </PanelBody>
    </Panel>
  );
}
