import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useToastFlow } from './hooks';

const Box = styled.div<{ $tone: 'info' | 'error' | 'success' }>`
  position: fixed;
  top: 64px;
  left: 50%;
  transform: translateX(-50%);
  z-index: 200;
  padding: 9px 16px;
  border-radius: 6px;
  background: ${({ theme }) => theme.color.panelRaised};
  border: 1px solid ${({ theme, $tone }) => ($tone === 'error' ? theme.color.down : $tone === 'success' ? theme.color.up : theme.color.border)};
  box-shadow: 0 8px 28px rgba(0, 0, 0, 0.4);
  cursor: pointer;
`;

/** Renders the toast machine's current toast; its duration is the machine's named delay. */
export function Toaster() {
  const { t } = useTranslation();
  const { current, dismiss } = useToastFlow();
  if (!current) return null;
  const text = 'key' in current.message ? t(current.message.key) : current.message.text;
  return (
    <Box key={current.id} $tone={current.tone} role={current.tone === 'error' ? 'alert' : 'status'} onClick={dismiss}>
      {text}
    </Box>
  );
}
