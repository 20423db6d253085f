import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { NotificationPage } from '../../../../../domain/informHelp';
import { informMachine } from '../inform/inform.machine';
import { holdMachine } from './hold.machine';

const notifications = () =>
  createActor(
    informMachine.provide({ actors: { fetchNotifications: fromPromise(async (): Promise<NotificationPage> => ({ list: [], total: 3, unread: 3, page: 1, size: 20 })) } }),
  ).start();

describe('hold: a view holds a session-long actor while it is on screen', () => {
  it('the bell asks for the first page when it starts, and empties the list when it stops (the bell goes: signed out)', async () => {
    const inform = notifications();
    const bell = createActor(holdMachine, { input: { target: inform, start: { type: 'inform.load', page: 1 }, stop: { type: 'inform.clear' } } }).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(inform.getSnapshot().context.unread).toBe(3);
    bell.stop();
    expect(inform.getSnapshot().value).toBe('idle');
    expect(inform.getSnapshot().context.unread).toBe(0);
  });

  it('a page that only arrives (/inform) asks once and leaves the list to the bell when it goes', async () => {
    const inform = notifications();
    const page = createActor(holdMachine, { input: { target: inform, start: { type: 'inform.load', page: 1 } } }).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    page.stop();
    expect(inform.getSnapshot().context.unread).toBe(3);
  });
});
