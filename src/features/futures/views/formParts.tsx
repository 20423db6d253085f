import styled from 'styled-components';

/** The futures forms' pieces (order form and dialogs); the field and fact rows are the shared ones. */
export { Facts, FormProblem, NumberField } from '../../../app/ui/FormRows';

/** A row of equal choices (order type, percentages, margin mode). */
// 32 px high: a finger's tap (4 px of padding round 12 px words made 27).
export const Choices = styled.div`
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: 1fr;
  gap: 4px;
  margin-bottom: 8px;
  button {
    all: unset;
    cursor: pointer;
    display: flex;
    align-items: center;
    justify-content: center;
    min-height: 32px;
    box-sizing: border-box;
    text-align: center;
    padding: 2px 0;
    font-size: 12px;
    border-radius: ${({ theme }) => theme.radius};
    border: 1px solid ${({ theme }) => theme.color.border};
    color: ${({ theme }) => theme.color.textDim};
  }
  button:hover { color: ${({ theme }) => theme.color.text}; }
  button[aria-pressed='true'] { color: ${({ theme }) => theme.color.accent}; border-color: ${({ theme }) => theme.color.accent}; font-weight: 600; }
  button:focus-visible { outline: 2px solid ${({ theme }) => theme.color.accent}; }
`;
