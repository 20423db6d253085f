import { informMachine } from './inform.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

const item = { id: 7, kind: 'welcome' as const, title: 'Welcome to OpenEx', body: 'Your account is ready.', created_at: '2026-01-01T00:00:00.000Z', read: false };

export const informModel = machineModel(informMachine, [{ name: 'signed in' }], [
  { type: 'inform.load', page: 1 },
  { type: 'inform.markRead', id: 7 },
  { type: 'inform.pushed' },
  ...actorAnswers('fetchNotifications', { list: [item], total: 1, unread: 1, page: 1, size: 20 }),
  ...actorAnswers('markRead', { unread: 0 }, { kind: 'server', serverMessage: 'Notification not found' }),
  ...actorAnswers('markAllRead', { unread: 0 }),
]);
