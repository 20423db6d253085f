import type { SnapshotFrom } from 'xstate';
import type { socketConnectionMachine } from './socketConnection.machine';

type ConnectionSnapshot = SnapshotFrom<typeof socketConnectionMachine>;

export type ConnectionStatus = 'connecting' | 'connected' | 'reconnecting' | 'unavailable';

export const selectConnectionStatus = (s: ConnectionSnapshot): ConnectionStatus =>
  s.matches('unavailable') ? 'unavailable' : (s.value as { tracking: Exclude<ConnectionStatus, 'unavailable'> }).tracking;
export const selectReconnectAttempt = (s: ConnectionSnapshot) => s.context.attempt;
