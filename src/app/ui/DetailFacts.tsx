import type { ReactNode } from 'react';
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

/** One label and its value in a DetailFacts grid (or any list of facts in `div`s); `className` styles the value. */
export function DetailFact(props: { label: string; children: ReactNode; className?: string; testId?: string }) {
  return (
    <div>
      <dt>{props.label}</dt>
      <dd className={props.className} data-testid={props.testId}>
        {props.children}
      </dd>
    </div>
  );
}
