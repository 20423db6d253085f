import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { useHelpArticleFlow } from '../../support.hooks';
import { NoteText } from '../../../../app/layout/Footer';
import { Badge } from '../../../../app/ui/Badge';
import { PageTitle } from '../../../../app/ui/Panel';
import { ArticlePanel } from '../ArticlePanel';
import { categoryKey } from './helpCategories';

/** Spec §2 /user/helpDetail/:id: one article, rendered like the platform notes. */
export function HelpDetailPage() {
  const { id } = useParams();
  if (!id) return <Navigate to="/user/helpcenter" replace />;
  // One article actor per id: another article is a new read, the language is the actor's to follow.
  return <HelpArticleView key={id} id={id} />;
}

function HelpArticleView(props: { id: string }) {
  const { t } = useTranslation();
  const flow = useHelpArticleFlow(props.id);
  const article = flow.loading ? undefined : flow.article;
  return (
    <ArticlePanel back="/user/helpcenter" backLabel={t('help.back')} notFound={t('help.notFound')} failed={flow.failed} onRetry={flow.retry} ready={Boolean(article)}>
      {article && (
        <>
          <PageTitle>{article.question}</PageTitle>
          <Badge>{t(categoryKey(article.category))}</Badge>
          <NoteText content={article.answer} />
        </>
      )}
    </ArticlePanel>
  );
}
