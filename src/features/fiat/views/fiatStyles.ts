import styled from 'styled-components';
import { PHONE } from '../../../app/theme';
import { phoneTapTarget } from '../../../app/ui/tapTarget';

/** The P2P pages' shared frame: a centred column with dense rows of label and value. */
// Grid items would grow to their widest table; the tables scroll inside their panels instead.
// A choice strip in the row (buy by amount or quantity; an ad's side) as tall as the fields beside it.
// Figures in the body font with even-width digits, as every other table of the app (mono read as another app).
export const Frame = styled.div`
  max-width: 1100px;
  margin: 16px auto;
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 12px;
  padding: 0 12px;
  & > * { min-width: 0; }
  .tabs { display: flex; gap: 0; border-bottom: 1px solid ${({ theme }) => theme.color.border}; }
  .tabs button { all: unset; cursor: pointer; padding: 12px 20px; font-weight: 700; color: ${({ theme }) => theme.color.textDim}; }
  .tabs button[aria-selected='true'].buy { color: ${({ theme }) => theme.color.up}; box-shadow: inset 0 -2px ${({ theme }) => theme.color.up}; }
  .tabs button[aria-selected='true'].sell { color: ${({ theme }) => theme.color.down}; box-shadow: inset 0 -2px ${({ theme }) => theme.color.down}; }
  .controls { display: flex; flex-wrap: wrap; gap: 12px; align-items: end; }
  .controls [role='radiogroup'] button { padding: 8px 12px; }
  label { display: grid; gap: 5px; color: ${({ theme }) => theme.color.textDim}; font-size: ${({ theme }) => theme.size.small}; }
  select, input, textarea { font: inherit; color: ${({ theme }) => theme.color.text}; background: ${({ theme }) => theme.color.panelRaised}; border: 1px solid ${({ theme }) => theme.color.fieldBorder}; border-radius: 4px; padding: 8px 10px; }
  input { min-width: 160px; }
  .num { font-variant-numeric: tabular-nums; }
  .up { color: ${({ theme }) => theme.color.up}; }
  .down { color: ${({ theme }) => theme.color.down}; }
  .dim { color: ${({ theme }) => theme.color.textDim}; }
  .faint { color: ${({ theme }) => theme.color.textFaint}; font-size: ${({ theme }) => theme.size.small}; }
  .links { display: flex; gap: 16px; flex-wrap: wrap; }
  .links a { color: ${({ theme }) => theme.color.accent}; ${phoneTapTarget} }
  ${PHONE} { margin: 8px auto; padding: 0 6px; input { min-width: 0; width: 100%; } .controls > label { flex: 1 1 140px; min-width: 0; } select { max-width: 100%; } .tabs button { padding: 12px 10px; } }
`;

/** A summary of label/value pairs, two columns wide on a desktop. */
export const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 10px 24px;
  margin: 0;
  div { display: flex; justify-content: space-between; gap: 12px; border-bottom: 1px dashed ${({ theme }) => theme.color.border}; padding-bottom: 6px; }
  dt { color: ${({ theme }) => theme.color.textDim}; }
  dd { margin: 0; text-align: right; font-weight: 600; overflow-wrap: anywhere; min-width: 0; }
  ${PHONE} { grid-template-columns: 1fr; }
`;

/** The big status band of an order page: the step, its countdown and its actions. */
export const Band = styled.div<{ $tone?: 'up' | 'down' | 'warn' | 'dim' }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 14px 16px;
  border-radius: ${({ theme }) => theme.radius};
  border-left: 4px solid ${({ theme, $tone }) => ($tone === 'up' ? theme.color.up : $tone === 'down' ? theme.color.down : $tone === 'dim' ? theme.color.border : theme.color.warn)};
  background: ${({ theme }) => theme.color.panelRaised};
  h2 { margin: 0 0 4px; font-size: 18px; }
  .countdown { font-family: ${({ theme }) => theme.font.mono}; font-size: 26px; font-weight: 700; color: ${({ theme }) => theme.color.accent}; }
  .actions { display: flex; gap: 8px; flex-wrap: wrap; }
`;

/** The spec §4 steps as a row of numbered pills. */
export const Steps = styled.ol`
  display: flex;
  gap: 8px;
  list-style: none;
  padding: 0;
  margin: 0;
  flex-wrap: wrap;
  li { padding: 4px 10px; border-radius: 999px; font-size: 12px; border: 1px solid ${({ theme }) => theme.color.border}; color: ${({ theme }) => theme.color.textDim}; }
  li[aria-current='step'] { border-color: ${({ theme }) => theme.color.accent}; color: ${({ theme }) => theme.color.accent}; font-weight: 700; }
  li.done { color: ${({ theme }) => theme.color.up}; border-color: ${({ theme }) => theme.color.up}66; }
`;
