import type { ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';

const Wrap = styled.div`
  position: relative;
  display: flex;
  align-items: center;
  height: 100%;
`;

const Trigger = styled.button`
  all: unset;
  cursor: pointer;
  display: flex;
  align-items: center;
  gap: 4px;
  height: 100%;
  padding: 0 10px;
  color: ${({ theme }) => theme.color.text};
  &:hover, &[aria-expanded='true'] { color: ${({ theme }) => theme.color.accent}; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.accent}; }
`;

const Menu = styled.div<{ $align: 'left' | 'right' }>`
  position: absolute;
  top: 100%;
  ${({ $align }) => ($align === 'right' ? 'right: 0;' : 'left: 0;')}
  min-width: 180px;
  background: ${({ theme }) => theme.color.panelRaised};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: 6px;
  box-shadow: 0 10px 30px rgba(0, 0, 0, 0.35);
  padding: 6px;
  z-index: 50;
`;

export const MenuItem = styled.button<{ $active?: boolean }>`
  all: unset;
  box-sizing: border-box;
  display: flex;
  align-items: center;
  gap: 8px;
  width: 100%;
  padding: 7px 10px;
  border-radius: 4px;
  cursor: pointer;
  color: ${({ theme, $active }) => ($active ? theme.color.accent : theme.color.text)};
  &:hover, &:focus-visible { background: ${({ theme }) => theme.color.hover}; }
`;

/**
 * A header menu. Whether it is open is presentation only (no business state), so it lives here;
 * picking an item closes it, as does a click outside or Escape.
 */
export function Dropdown(props: {
  label: ReactNode;
  ariaLabel: string;
  children: (close: () => void) => ReactNode;
  align?: 'left' | 'right';
  /** A tooltip, for a label shortened to an icon or a code. */
  title?: string;
}) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  // effect: while open, a click outside or Escape closes it (DOM listeners for its own open state).
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => ref.current && !ref.current.contains(e.target as Node) && setOpen(false);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <Wrap ref={ref}>
      <Trigger type="button" aria-haspopup="menu" aria-expanded={open} aria-label={props.ariaLabel} title={props.title} onClick={() => setOpen((o) => !o)}>
        {props.label} <span aria-hidden>▾</span>
      </Trigger>
      {open && (
        <Menu role="menu" $align={props.align ?? 'left'}>
          {props.children(() => setOpen(false))}
        </Menu>
      )}
    </Wrap>
  );
}
