import styled from 'styled-components';
import { PHONE } from '../theme';
import { phoneTapTarget } from './tapTarget';

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
  > a { ${phoneTapTarget} }
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
