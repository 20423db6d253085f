import { useId, type ReactNode } from 'react';
import styled from 'styled-components';

/** The futures forms' pieces (order form and dialogs): one look for fields, choices and facts. */
const FieldBox = styled.div`
  display: grid;
  gap: 3px;
  margin-bottom: 8px;
  label { font-size: 11px; color: ${({ theme }) => theme.color.textDim}; }
  .box {
    display: flex;
    align-items: center;
    background: ${({ theme }) => theme.color.panelRaised};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius};
    &:focus-within { border-color: ${({ theme }) => theme.color.accent}; }
  }
  input { all: unset; flex: 1; min-width: 0; padding: 7px 9px; font-variant-numeric: tabular-nums; text-align: right; }
  input:disabled { color: ${({ theme }) => theme.color.textFaint}; }
  .unit { padding: 0 9px; font-size: 12px; color: ${({ theme }) => theme.color.textFaint}; }
`;

export function NumberField(props: { label: string; unit: string; value: string; onChange?: (value: string) => void; disabled?: boolean; placeholder?: string; name: string }) {
  const id = useId();
  return (
    <FieldBox>
      <label htmlFor={id}>{props.label}</label>
      <div className="box">
        <input
          id={id}
          name={props.name}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={props.value}
          placeholder={props.placeholder}
          disabled={props.disabled}
          onChange={(e) => props.onChange?.(e.target.value)}
        />
        <span className="unit">{props.unit}</span>
      </div>
    </FieldBox>
  );
}

/** A row of equal choices (order type, percentages, margin mode). */
export const Choices = styled.div`
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: 1fr;
  gap: 4px;
  margin-bottom: 8px;
  button {
    all: unset;
    cursor: pointer;
    text-align: center;
    padding: 4px 0;
    font-size: 12px;
    border-radius: ${({ theme }) => theme.radius};
    border: 1px solid ${({ theme }) => theme.color.border};
    color: ${({ theme }) => theme.color.textDim};
  }
  button:hover { color: ${({ theme }) => theme.color.text}; }
  button[aria-pressed='true'] { color: ${({ theme }) => theme.color.accent}; border-color: ${({ theme }) => theme.color.accent}; font-weight: 600; }
  button:focus-visible { outline: 2px solid ${({ theme }) => theme.color.accent}; }
`;

const FactList = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 3px 8px;
  margin: 0 0 10px;
  font-size: 12px;
  dt { color: ${({ theme }) => theme.color.textDim}; }
  dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; }
`;

export function Facts(props: { rows: Array<[string, ReactNode, string?]> }) {
  return (
    <FactList>
      {props.rows.map(([label, value, testId]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
    </FactList>
  );
}
