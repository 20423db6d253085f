import { useTranslation } from 'react-i18next';
import styled, { keyframes } from 'styled-components';
import type { ConnectionStatus } from '../machines/socketConnection/socketConnection.selectors';

const LABEL_KEYS: Record<ConnectionStatus, string> = {
  connecting: 'connection.connecting',
  connected: 'connection.connected',
  reconnecting: 'connection.reconnecting',
  unavailable: 'connection.unavailable',
};

const pulse = keyframes`
  50% { opacity: 0.35; }
`;

const Wrap = styled.span<{ $status: ConnectionStatus }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  font-size: 12px;
  white-space: nowrap;
  color: ${({ theme }) => theme.color.textDim};
  &::before {
    content: '';
    width: 7px;
    height: 7px;
    border-radius: 50%;
    background: ${({ theme, $status }) => ($status === 'connected' ? theme.color.up : $status === 'unavailable' ? theme.color.down : theme.color.warn)};
    animation: ${({ $status }) => ($status === 'connected' || $status === 'unavailable' ? 'none' : pulse)} 1s ease-in-out infinite;
  }
`;

/** A dot and a word for the live connection: green when live, pulsing amber while (re)connecting. */
export function ConnectionIndicator(props: { status: ConnectionStatus; attempt: number }) {
  const { t } = useTranslation();
  const label = t(LABEL_KEYS[props.status]);
  return (
    <Wrap role="status" aria-label={t('connection.label')} data-status={props.status} $status={props.status}>
      {label}
      {props.status === 'reconnecting' && props.attempt > 0 && <span className="num">#{props.attempt}</span>}
    </Wrap>
  );
}
