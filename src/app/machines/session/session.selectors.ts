import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from './session.machine';

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** Spec §6: a login-required route needs both a token and user info. */
export const selectHasSession = (s: SessionSnapshot) => s.context.token !== undefined && s.context.user !== undefined;
export const selectUser = (s: SessionSnapshot) => s.context.user;
export const selectToken = (s: SessionSnapshot) => s.context.token;
export const selectConfirmingSignOut = (s: SessionSnapshot) => s.matches('confirmingSignOut');
export const selectIsChecking = (s: SessionSnapshot) => s.matches('checking');
