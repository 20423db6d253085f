import styled from 'styled-components';

/** The seconds panels' styles (SecondsTicket, ContractCard, SecondsPanels): every colour is the theme's. */

/** The ticket's small headings, as the trade page's panel labels. */
export const Label = styled.h3`
  margin: 0 0 6px;
  font-size: 11px;
  font-weight: 600;
  color: ${({ theme }) => theme.color.textDim};
`;
export const Periods = styled.div`
  display: grid;
  grid-template-columns: repeat(4, 1fr);
  gap: 6px;
  margin-bottom: 10px;
  button {
    padding: 6px 0;
    border-radius: 4px;
    border: 1px solid ${({ theme }) => theme.color.border};
    background: ${({ theme }) => theme.color.panelRaised};
    cursor: pointer;
    display: flex; flex-direction: column; align-items: center; gap: 2px;
    .rate { font-size: 11px; color: ${({ theme }) => theme.color.up}; }
  }
  button[aria-pressed='true'] { border-color: ${({ theme }) => theme.color.accent}; color: ${({ theme }) => theme.color.accent}; }
`;
// As the spot form's fields (FormRows' NumberField): a raised box, not the page's grey, which read as disabled
// in the light theme; the accent when focused, the down colour while refused.
export const Field = styled.label`
  display: block;
  margin-bottom: 8px;
  font-size: 12px;
  color: ${({ theme }) => theme.color.textDim};
  input {
    display: block; width: 100%; box-sizing: border-box; margin-top: 4px; padding: 7px 8px;
    background: ${({ theme }) => theme.color.panelRaised}; color: ${({ theme }) => theme.color.text};
    border: 1px solid ${({ theme }) => theme.color.fieldBorder}; border-radius: 4px;
    font-variant-numeric: tabular-nums;
    &:focus { outline: none; border-color: ${({ theme }) => theme.color.accent}; box-shadow: 0 0 0 1px ${({ theme }) => theme.color.accent}; }
    &[aria-invalid='true'] { border-color: ${({ theme }) => theme.color.down}; }
  }
`;
export const Row = styled.div`
  display: flex;
  justify-content: space-between;
  font-size: 12px;
  padding: 2px 0;
  color: ${({ theme }) => theme.color.textDim};
  b { color: ${({ theme }) => theme.color.text}; font-weight: 500; font-variant-numeric: tabular-nums; }
`;
export const Sides = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 8px;
  margin-top: 10px;
  button { padding: 10px 0; border: 0; border-radius: 4px; font-weight: 700; color: ${({ theme }) => theme.color.fillText}; cursor: pointer; }
  .up { background: ${({ theme }) => theme.color.upFill}; }
  .down { background: ${({ theme }) => theme.color.downFill}; }
  button:disabled { opacity: 0.5; cursor: default; }
`;
/** The account's lines under the ticket. */
export const AccountLines = styled.div`
  margin-top: 10px;
  border-top: 1px solid ${({ theme }) => theme.color.border};
  padding-top: 8px;
`;
export const Cards = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(230px, 1fr));
  gap: 8px;
`;
export const Card = styled.article<{ $tone: 'up' | 'down' | 'dim' }>`
  border: 1px solid ${({ theme }) => theme.color.border};
  border-left: 3px solid ${({ theme, $tone }) => ($tone === 'dim' ? theme.color.border : theme.color[$tone])};
  border-radius: 4px;
  padding: 8px 10px;
  background: ${({ theme }) => theme.color.panelRaised};
  header { display: flex; justify-content: space-between; align-items: center; margin-bottom: 4px; font-size: 12px; }
  .clock { font-family: ${({ theme }) => theme.font.mono}; font-size: 22px; font-weight: 700; }
  .bar { height: 3px; background: ${({ theme }) => theme.color.border}; border-radius: 2px; margin: 4px 0 6px; overflow: hidden; }
  .bar > span { display: block; height: 100%; background: ${({ theme }) => theme.color.accent}; transition: width 1s linear; }
  .result { font-size: 16px; font-weight: 700; }
`;
/** The index rule under the cards, with how the settle price is made folded below it. */
export const Rule = styled.section`
  margin-top: 10px;
  font-size: 12px;
  line-height: 1.5;
  summary { cursor: pointer; font-weight: 600; margin-top: 4px; }
  p { margin: 6px 0 0; }
`;
