import { css } from 'styled-components';

/**
 * The raised card an inline form sits in, its fields in one grid row with small dim labels above
 * them (the convert request, a new price alert, a new API key). Each form sets its own columns,
 * margins and field rules; its own file, so only the pages that show such a form load it.
 */
export const inlineFormCard = css`
  padding: 10px 12px;
  background: ${({ theme }) => theme.color.panelRaised}80;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius};
  .field { display: grid; gap: 4px; min-width: 0; }
  label { font-size: 11px; color: ${({ theme }) => theme.color.textDim}; }
`;
