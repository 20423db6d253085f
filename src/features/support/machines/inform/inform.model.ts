import type { MachineModel } from '../../../../app/machines/model.types';
import { informMachine } from './inform.machine';

const item = { id: 7, kind: 'welcome' as const, title: 'Welcome to OpenEx', body: 'Your account is ready.', created_at: '2026-01-01T00:00:00.000Z', read: false };

export const informModel: MachineModel<typeof informMachine> = {
  machine: informMachine,
  variants: [{ name: 'signed in' }],
  events: [
    { type: 'inform.load', page: 1 },
    { type: 'inform.markRead', id: 7 },
    { type: 'inform.pushed' },
    { type: 'xstate.done.actor.fetchNotifications', output: { list: [item], total: 1, unread: 1, page: 1, size: 20 } },
    { type: 'xstate.error.actor.fetchNotifications', error: { kind: 'network' } },
    { type: 'xstate.done.actor.markRead', output: { unread: 0 } },
    { type: 'xstate.error.actor.markRead', error: { kind: 'server', serverMessage: 'Notification not found' } },
    { type: 'xstate.done.actor.markAllRead', output: { unread: 0 } },
    { type: 'xstate.error.actor.markAllRead', error: { kind: 'network' } },
  ],
};
