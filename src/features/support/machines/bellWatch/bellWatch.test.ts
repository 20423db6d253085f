import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { NotificationPage } from '../../../../../domain/informHelp';
import { informMachine } from '../inform/inform.machine';
import { bellWatchMachine } from './bellWatch.machine';

describe('bellWatch: the header bell holds the notifications for its user', () => {
  it('asks for the first page when it starts, and empties the list when it stops (the bell goes: signed out)', async () => {
    const inform = createActor(
      informMachine.provide({ actors: { fetchNotifications: fromPromise(async (): Promise<NotificationPage> => ({ list: [], total: 3, unread: 3, page: 1, size: 20 })) } }),
    ).start();
    const bell = createActor(bellWatchMachine, { input: { inform, userId: 10001 } }).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(inform.getSnapshot().context.unread).toBe(3);
    bell.stop();
    expect(inform.getSnapshot().value).toBe('idle');
    expect(inform.getSnapshot().context.unread).toBe(0);
  });
});
