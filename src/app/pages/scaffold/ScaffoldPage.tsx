import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { DataTable } from '../../ui/DataTable';
import { Muted, PageTitle, Panel, PanelBody } from '../../ui/Panel';
import { SCAFFOLDS, type ScaffoldId } from './pageSpecs';

const Notice = styled.div`
  margin: 12px 0;
  padding: 9px 12px;
  border-left: 3px solid ${({ theme }) => theme.color.warn};
  background: ${({ theme }) => theme.color.warn}14;
  color: ${({ theme }) => theme.color.textDim};
`;

/** A page whose flow is not open on this server yet: real title, purpose, columns, empty state. */
export function ScaffoldPage(props: { id: ScaffoldId }) {
  const { t } = useTranslation();
  const spec = SCAFFOLDS[props.id];
  return (
    <Panel>
      <PanelBody>
        <PageTitle>{t(spec.titleKey)}</PageTitle>
        <Muted>{t(spec.introKey)}</Muted>
        <Notice role="note">{t(spec.pendingKey)}</Notice>
        {'columns' in spec && spec.columns && (
          <DataTable<never> columns={spec.columns.map((key) => ({ key }))} rows={[]} rowKey={() => ''} label={t(spec.titleKey)} />
        )}
      </PanelBody>
    </Panel>
  );
}
