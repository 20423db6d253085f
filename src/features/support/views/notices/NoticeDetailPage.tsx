import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { NoteText } from '../../../../app/layout/Footer';
import { Badge } from '../../../../app/ui/Badge';
import { DateTime } from '../../../../app/ui/DateTime';
import { PageTitle } from '../../../../app/ui/Panel';
import { useNoticeDetailFlow } from '../../support.hooks';
import { ArticlePanel } from '../ArticlePanel';

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
  const notice = flow.notice;
  return (
    <ArticlePanel back="/notices" backLabel={t('notices.back')} notFound={t('notices.notFound')} failed={flow.failed} onRetry={flow.retry} ready={Boolean(notice)}>
      {notice && (
        <>
          <PageTitle>{notice.title}</PageTitle>
          <DateTime at={notice.published_at} />
          {notice.fallback && <Badge>{t('notices.shownInEnglish')}</Badge>}
          <NoteText content={notice.content} />
        </>
      )}
    </ArticlePanel>
  );
}
