import type { ReactNode } from 'react';
import { useId } from 'react';
import styled from 'styled-components';
import { useEscapeKey } from './useEscapeKey';

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  background: ${({ theme }) => theme.color.overlay};
  display: grid;
  place-items: center;
  z-index: 100;
`;

const Box = styled.div<{ $wide?: boolean }>`
  background: ${({ theme }) => theme.color.panelRaised};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: 6px;
  width: min(${({ $wide }) => ($wide ? '720px' : '380px')}, calc(100vw - 32px));
  max-height: calc(100vh - 64px);
  display: flex;
  flex-direction: column;
  box-shadow: 0 12px 40px rgba(0, 0, 0, 0.45);
  header { padding: 14px 18px; border-bottom: 1px solid ${({ theme }) => theme.color.border}; font-weight: 600; font-size: 15px; }
  .body { padding: 16px 18px; overflow: auto; }
  footer { display: flex; justify-content: flex-end; gap: 8px; padding: 12px 18px; border-top: 1px solid ${({ theme }) => theme.color.border}; }
`;

/** A modal dialog; Escape and the overlay call onClose. Open/closed is decided by the caller's machine. */
export function Dialog(props: { title: ReactNode; onClose: () => void; children: ReactNode; footer?: ReactNode; wide?: boolean }) {
  const titleId = useId();
  const { onClose } = props;
  useEscapeKey(onClose);
  return (
    <Overlay onClick={onClose}>
      <Box role="dialog" aria-modal="true" aria-labelledby={titleId} $wide={props.wide} onClick={(e) => e.stopPropagation()}>
        <header id={titleId}>{props.title}</header>
        <div className="body">{props.children}</div>
        {props.footer && <footer>{props.footer}</footer>}
      </Box>
    </Overlay>
  );
}
