import styled from 'styled-components';

export const Badge = styled.span<{ $tone?: 'up' | 'down' | 'warn' | 'dim' }>`
  display: inline-block;
  padding: 1px 7px;
  border-radius: 10px;
  font-size: 11px;
  font-weight: 600;
  color: ${({ theme, $tone = 'dim' }) => ($tone === 'dim' ? theme.color.textDim : theme.color[$tone])};
  background: ${({ theme, $tone = 'dim' }) => ($tone === 'dim' ? theme.color.hover : `${theme.color[$tone]}22`)};
`;
