import { sessionsMachine } from './sessions.machine';
import { actorAnswers, machineModel, typedValues } from '../../../../app/machines/modelEvents';

const here = { id: 1, device: 'Chrome / Windows', ip: '10.0.0.1', created_at: '2026-01-01T00:00:00.000Z', last_seen_at: '2026-01-01T01:00:00.000Z', current: true };
const there = { ...here, id: 2, device: 'Firefox / Linux', ip: '10.0.0.2', current: false };

export const sessionsModel = machineModel(sessionsMachine, [{ name: 'sessions' }], [
  { type: 'xstate.done.actor.fetchSessions', output: [here, there] },
  ...actorAnswers('fetchSessions', [here]),
  { type: 'sessions.retry' },
  ...typedValues('sessions.revoke', [2, 1], 'id'),
  { type: 'sessions.revokeOthers' },
  // What the revokeSession / revokeOthers children (the shared confirm-then-act) report.
  { type: 'confirmAct.done', subject: { id: 2 }, output: null },
  { type: 'confirmAct.done', subject: { count: 1 }, output: { count: 1 } },
  { type: 'confirmAct.failed', subject: { id: 2 }, error: { kind: 'server', serverMessage: 'This session has already ended' } },
], (snapshot) => snapshot.context.sessions.some((s) => !s.current));
