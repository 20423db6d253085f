import styled from 'styled-components';
import { fieldFocus } from './fieldStyles';

/** The text box where an operator writes the reason a user will read (a rejection, a failed withdrawal, a freeze): one look on every desk. */
export const ReasonInput = styled.textarea`
  width: 100%;
  min-height: 76px;
  background: ${({ theme }) => theme.color.panel};
  color: ${({ theme }) => theme.color.text};
  border: 1px solid ${({ theme }) => theme.color.fieldBorder};
  border-radius: 4px;
  padding: 8px;
  font: inherit;
  &:focus { ${fieldFocus} }
`;
