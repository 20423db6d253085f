import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Muted, Panel, PanelBody } from '../../../app/ui/Panel';
import { FailedLine } from '../../../app/ui/RetryButton';

const Back = styled(Link)`
  display: inline-block;
  margin-bottom: 10px;
  color: ${({ theme }) => theme.color.textDim};
  &:hover { color: ${({ theme }) => theme.color.accent}; }
`;

// Long links and addresses in an article break rather than widen the page; pictures fit.
const Article = styled.article`
  max-width: 760px;
  overflow-wrap: break-word;
  img { max-width: 100%; height: auto; }
  pre { overflow-x: auto; }
  ul { padding-left: 20px; }
  p, li { color: ${({ theme }) => theme.color.text}; }
  time { color: ${({ theme }) => theme.color.textFaint}; font-size: ${({ theme }) => theme.size.small}; margin-right: 8px; }
`;

/**
 * A page of one text read by its id (a help article, a notice): the way back to its list, then the
 * read's failure with a retry, loading, or the text (`children`, drawn once `ready`).
 */
export function ArticlePanel(props: { back: string; backLabel: string; notFound: string; failed: boolean; onRetry: () => void; ready: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Panel>
      <PanelBody>
        <Back to={props.back}>← {props.backLabel}</Back>
        {props.failed ? (
          <FailedLine onRetry={props.onRetry}>{props.notFound}</FailedLine>
        ) : !props.ready ? (
          <Muted>{t('common.loading')}</Muted>
        ) : (
          <Article>{props.children}</Article>
        )}
      </PanelBody>
    </Panel>
  );
}
