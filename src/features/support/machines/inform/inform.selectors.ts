import type { SnapshotFrom } from 'xstate';
import type { informMachine } from './inform.machine';

type Snapshot = SnapshotFrom<typeof informMachine>;

export const selectItems = (s: Snapshot) => s.context.items;
export const selectUnread = (s: Snapshot) => s.context.unread;
export const selectPage = (s: Snapshot) => s.context.page;
export const selectTotal = (s: Snapshot) => s.context.total;
/** The first load: nothing to show yet. A refresh keeps the shown list on screen. */
export const selectLoading = (s: Snapshot) => s.matches('loading') && s.context.items.length === 0;
export const selectFailed = (s: Snapshot) => s.matches('failed');
export const selectMarkingId = (s: Snapshot) => (s.matches('marking') ? s.context.markingId : undefined);
export const selectMarkingAll = (s: Snapshot) => s.matches('markingAll');
export const selectBusy = (s: Snapshot) => s.matches('marking') || s.matches('markingAll') || s.matches('loading');
