import type { ReactNode } from 'react';
import styled from 'styled-components';
import { DataTable } from './DataTable';
import { Panel, PanelHeader } from './Panel';

// Apart from Panel.tsx, which /home loads: these serve record and detail pages only.

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

/** A panel of one table (a detail page's trades) named by the panel's heading. */
export function TitledTable<Row>(props: { title: string } & Parameters<typeof DataTable<Row>>[0]) {
  const { title, ...table } = props;
  return (
    <TitledPanel title={title}>
      <DataTable<Row> label={title} {...table} />
    </TitledPanel>
  );
}
