import styled from 'styled-components';
import { PHONE } from '../theme';

/**
 * Segmented buttons: one bordered strip, the chosen segment filled with the accent. Used by the
 * record presets and pager (RecordFilters.tsx), and by tabs and network choices elsewhere. One strip reads as one
 * choice in both themes, where separate buttons made the presets look like unrelated actions.
 */
// 25 px high on a desk; on a phone 32 px, a finger's tap (the network choice, the record presets).
export const Segmented = styled.div`
  display: inline-flex;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius};
  overflow: hidden;
  button {
    all: unset;
    cursor: pointer;
    padding: 4px 12px;
    font-size: 12px;
    white-space: nowrap;
    color: ${({ theme }) => theme.color.textDim};
    &:not(:last-child) { border-right: 1px solid ${({ theme }) => theme.color.border}; }
    &:hover { color: ${({ theme }) => theme.color.text}; background: ${({ theme }) => theme.color.hover}; }
    &[aria-pressed='true'], &[aria-selected='true'] { color: ${({ theme }) => theme.color.accentText}; background: ${({ theme }) => theme.color.accent}; font-weight: 600; }
    &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.accent}; outline-offset: -2px; }
    &:disabled { opacity: 0.5; cursor: not-allowed; background: transparent; }
  }
  ${PHONE} { button { display: inline-flex; align-items: center; min-height: 32px; box-sizing: border-box; } }
`;

/**
 * One choice among a few options as pressed buttons (aria-pressed), in the frame the caller styles:
 * Segmented by default, or a feature's own strip (futures' Choices). The options are [value, label].
 */
export function PressedChoice<V extends string>(props: {
  frame?: typeof Segmented;
  role: 'group' | 'radiogroup';
  label: string;
  value: V;
  options: ReadonlyArray<readonly [V, string]>;
  onChoose: (value: V) => void;
}) {
  const Frame = props.frame ?? Segmented;
  return (
    <Frame role={props.role} aria-label={props.label}>
      {props.options.map(([value, label]) => (
        <button key={value} type="button" aria-pressed={props.value === value} onClick={() => props.onChoose(value)}>
          {label}
        </button>
      ))}
    </Frame>
  );
}
