import { describe, expect, it } from 'vitest';
import type { CommandBatch } from '../../../server/kernel/cluster/bus/messages.js';
import { CommandClient } from '../../../server/kernel/cluster/shards/commandClient.js';
import { fakeCluster } from './fakeCluster.js';

/**
 * Issue 38's reproduction: "a command published while its market's process restarts is lost (the
 * caller waits for its timeout)". A command client wired as kernel/cluster/shards/follower.ts wires it: a
 * command waiting when a new holder takes the entry over (a standby, or a restart) is not failed —
 * the new holder takes it from the command queue and its answer comes (the queue itself is
 * commandQueue.test.ts). An entry whose holder said bye is refused at once until a new one beats.
 */
function follower() {
  const queued: CommandBatch[] = [];
  const fake = fakeCluster();
  const commands = new CommandClient(async (batch) => void queued.push(batch), { caller: 'server-a', key: 'replies' }, () => fake.view.serving('m1'), 60_000);
  return { ...fake, commands, queued };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('a command to an entry whose holder is replaced before it answers', () => {
  it('keeps waiting through the takeover, and the new holder’s answer settles it', async () => {
    const { view, beat, commands, queued } = follower();
    beat('m1', { instance: 'old' });
    await view.look();
    const asked = commands.call('BTC_USDT', { kind: 'place' });
    await turn();
    expect(queued).toHaveLength(1);

    beat('m1', { instance: 'new' });
    await view.look();
    expect(commands.inFlight).toBe(1);
    // The new holder took the batch from the queue and answers it in the caller's reply stream.
    commands.receive({ to: 'server-a', id: 1, result: { orderId: 7 } });
    await expect(asked).resolves.toEqual({ orderId: 7 });
    expect(view.serving('m1')).toBe(true);
  });

  it('refuses at once, as not done, once the holder said bye, and takes commands again when a new one beats', async () => {
    const { view, beat, bye, commands, queued } = follower();
    // Before any holder is heard of, nothing is queued.
    await view.look();
    await expect(commands.call('BTC_USDT', {})).rejects.toMatchObject({ maybeDone: false });
    beat('m1', { instance: 'old' });
    await view.look();
    expect(view.serving('m1')).toBe(true);

    bye('m1');
    await view.look();
    expect(view.serving('m1')).toBe(false);
    await expect(commands.call('BTC_USDT', {})).rejects.toMatchObject({ maybeDone: false });
    beat('m1', { instance: 'new' });
    await view.look();
    expect(view.serving('m1')).toBe(true);
    const asked = commands.call('BTC_USDT', {});
    await turn();
    expect(queued).toHaveLength(1);
    commands.receive({ to: 'server-a', id: 1, result: 'taken' });
    await expect(asked).resolves.toBe('taken');
  });
});
