import styled from 'styled-components';

/**
 * The chart's box and the notes drawn over it, apart from KlineChart.tsx so that ChartPanel holds
 * the chart's place with them while the chart library is still on its way (ChartPanel's lazy
 * chart): the same box, so nothing around it moves when the canvas arrives.
 */
export const Frame = styled.div`
  position: relative;
  flex: 1;
  min-height: 0;
`;

export const Overlay = styled.div`
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
  align-content: center;
  gap: 10px;
  color: ${({ theme }) => theme.color.textFaint};
  pointer-events: none;
  button { pointer-events: auto; }
`;
