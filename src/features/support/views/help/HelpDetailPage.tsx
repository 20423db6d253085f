import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useHelpArticleFlow } from '../../support.hooks';
import { NoteText } from '../../../../app/layout/Footer';
import { Badge } from '../../../../app/ui/Badge';
import { RetryButton } from '../../../../app/ui/RetryButton';
import { Muted, PageTitle, Panel, PanelBody } from '../../../../app/ui/Panel';
import { categoryKey } from './helpCategories';

const Back = styled(Link)`
  display: inline-block;
  margin-bottom: 10px;
  color: ${({ theme }) => theme.color.textDim};
  &:hover { color: ${({ theme }) => theme.color.accent}; }
`;

const Article = styled.article`
  max-width: 760px;
  /* Long links and addresses in an article break rather than widen the page; pictures fit. */
  overflow-wrap: break-word;
  img { max-width: 100%; height: auto; }
  pre { overflow-x: auto; }
  ul { padding-left: 20px; }
  p, li { color: ${({ theme }) => theme.color.text}; }
`;

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
  return (
    <Panel>
      <PanelBody>
        <Back to="/user/helpcenter">← {t('help.back')}</Back>
        {flow.failed ? (
          <Muted role="alert">
            {t('help.notFound')} <RetryButton small onRetry={flow.retry} />
          </Muted>
        ) : flow.loading || !flow.article ? (
          <Muted>{t('common.loading')}</Muted>
        ) : (
          <Article>
            <PageTitle>{flow.article.question}</PageTitle>
            <Badge>{t(categoryKey(flow.article.category))}</Badge>
            <NoteText content={flow.article.answer} />
          </Article>
        )}
      </PanelBody>
    </Panel>
  );
}
