import type { ReactNode } from 'react';
import styled from 'styled-components';
import { PHONE } from '../theme';

export const Panel = styled.section`
  background: ${({ theme }) => theme.color.panel};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius};
`;

export const PanelHeader = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 10px 14px;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  h1, h2, h3 { margin: 0; font-size: 14px; font-weight: 600; }
  ${PHONE} { flex-wrap: wrap; gap: 8px; }
`;

export const PanelBody = styled.div`
  padding: 12px 14px;
`;

export const PageTitle = styled.h1`
  margin: 0 0 12px;
  font-size: ${({ theme }) => theme.size.title};
  font-weight: 600;
`;

export const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textDim};
`;

/** A page title with what belongs beside it (a link, a filter) pushed to the right. */
export const TitleRow = styled.div<{ $wrap?: boolean }>`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 12px;
  flex-wrap: ${({ $wrap }) => ($wrap ? 'wrap' : 'nowrap')};
`;

/** A panel whose header is one heading (a detail page's trades, a list of orders) over its content. */
export function TitledPanel(props: { title: string; children: ReactNode }) {
  return (
    <Panel>
      <PanelHeader>
        <h2>{props.title}</h2>
      </PanelHeader>
      {props.children}
    </Panel>
  );
}
