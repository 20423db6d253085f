import styled from 'styled-components';
import { PHONE } from '../../../app/theme';

/** The seconds trade page's styles (SecondsTradePage, SecondsTicket, ContractCard, PriceChart). */

export const Grid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 340px;
  gap: 8px;
  align-items: start;
  /* A phone: stacked, the stats, the chart, then the ticket and the contracts. */
  ${PHONE} { grid-template-columns: minmax(0, 1fr); }
`;
export const Box = styled.section`
  background: ${({ theme }) => theme.color.panel};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius};
  padding: 10px 12px;
  h2 { margin: 0 0 8px; font-size: 12px; font-weight: 600; color: ${({ theme }) => theme.color.textDim}; text-transform: uppercase; letter-spacing: 0.4px; }
`;
export const Stats = styled(Box)`
  grid-column: 1 / -1;
  display: flex;
  gap: 28px;
  align-items: baseline;
  flex-wrap: wrap;
  ${PHONE} { gap: 8px 18px; }
  h1 { margin: 0; font-size: 18px; }
  h1 small { font-size: 12px; font-weight: 400; }
  .label { display: block; font-size: 11px; color: ${({ theme }) => theme.color.textFaint}; }
  .big { font-size: 20px; font-weight: 700; font-family: ${({ theme }) => theme.font.mono}; }
  .fig { font-family: ${({ theme }) => theme.font.mono}; font-size: 13px; }
  .rule { margin-left: auto; font-size: 12px; }
`;
export const Column = styled.div`
  display: grid;
  gap: 8px;
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
export const Field = styled.label`
  display: block;
  margin-bottom: 8px;
  font-size: 12px;
  color: ${({ theme }) => theme.color.textDim};
  input {
    display: block; width: 100%; box-sizing: border-box; margin-top: 4px; padding: 7px 8px;
    background: ${({ theme }) => theme.color.bg}; border: 1px solid ${({ theme }) => theme.color.border}; border-radius: 4px;
    font-family: ${({ theme }) => theme.font.mono};
  }
`;
export const Row = styled.div`
  display: flex;
  justify-content: space-between;
  font-size: 12px;
  padding: 2px 0;
  color: ${({ theme }) => theme.color.textDim};
  b { color: ${({ theme }) => theme.color.text}; font-weight: 500; font-family: ${({ theme }) => theme.font.mono}; }
`;
export const Sides = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 8px;
  margin-top: 10px;
  button { padding: 10px 0; border: 0; border-radius: 4px; font-weight: 700; color: #fff; cursor: pointer; }
  .up { background: ${({ theme }) => theme.color.up}; }
  .down { background: ${({ theme }) => theme.color.down}; }
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
/** The live price chart: every colour is the theme's (grid, axis labels, the line, the contracts' levels). */
export const ChartSvg = styled.svg`
  width: 100%;
  height: 260px;
  display: block;
  .grid { stroke: ${({ theme }) => theme.color.border}; stroke-width: 0.5; }
  .axis { fill: ${({ theme }) => theme.color.textFaint}; font-size: 9px; }
  .level line { stroke-dasharray: 4 3; stroke-width: 1; }
  .level text { font-size: 9px; }
  .level.up line { stroke: ${({ theme }) => theme.color.up}; }
  .level.up text { fill: ${({ theme }) => theme.color.up}; }
  .level.down line { stroke: ${({ theme }) => theme.color.down}; }
  .level.down text { fill: ${({ theme }) => theme.color.down}; }
  .line { fill: none; stroke: ${({ theme }) => theme.color.accent}; stroke-width: 1.6; }
  .last rect { fill: ${({ theme }) => theme.color.accent}; }
  .last text { fill: ${({ theme }) => theme.color.accentText}; font-size: 10px; font-weight: 700; }
`;
