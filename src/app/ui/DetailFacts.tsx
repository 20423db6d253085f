import type { ElementType, ReactNode } from 'react';
import styled from 'styled-components';

/** The label/value grid of the order and position detail pages: dense, two columns on a phone. */
export const DetailFacts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(170px, 1fr));
  gap: 12px 20px;
  margin: 0;
  div { display: grid; gap: 2px; min-width: 0; }
  dt { color: ${({ theme }) => theme.color.textDim}; font-size: ${({ theme }) => theme.size.small}; }
  dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
  @media (max-width: 420px) { grid-template-columns: 1fr 1fr; gap: 10px 14px; }
`;

export interface DetailFactProps {
  label: ReactNode;
  children: ReactNode;
  /** Styles the value. */
  className?: string;
  testId?: string;
}

/**
 * One label and its value: in a DetailFacts grid (or any list of facts in `div`s) a `dt` and `dd`;
 * `parts` draws it in other elements (the seconds panels' rows: their frame, a `span` and a `b`).
 */
export function DetailFact(props: DetailFactProps & { parts?: readonly [ElementType, ElementType, ElementType] }) {
  const [Frame, Label, Value] = props.parts ?? (['div', 'dt', 'dd'] as const);
  return (
    <Frame>
      <Label>{props.label}</Label>
      <Value className={props.className} data-testid={props.testId}>
        {props.children}
      </Value>
    </Frame>
  );
}
