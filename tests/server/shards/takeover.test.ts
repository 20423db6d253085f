import { describe, expect, it } from 'vitest';
import type { BusMessage, CommandBatch } from '../../../server/kernel/realtime/bus/messages.js';
import { CommandClient } from '../../../server/kernel/shards/commandClient.js';
import { fakeFollower } from './fakeFollower.js';

/**
 * Issue 38's reproduction: "a command published while its market's process restarts is lost (the
 * caller waits for its timeout)". A follower wired as kernel/shards/follower.ts wires it: a command
 * waiting when a new instance of the process says hello (a standby took over, or it restarted) is
 * not failed — the new holder takes it from the command queue and its answer comes (the queue
 * itself is commandQueue.test.ts). A process that says bye is refused at once until a new one syncs.
 */
function follower() {
  const queued: CommandBatch[] = [];
  let commands!: CommandClient;
  const followed = fakeFollower({ replies: (reply) => commands.receive(reply) }, { sendCommands: async (batch: CommandBatch) => void queued.push(batch) });
  commands = new CommandClient(followed.bus, 'server-a', () => followed.sync.serving, 60_000);
  return { ...followed, commands, queued };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('a command to a process that is replaced before it answers', () => {
  it('keeps waiting through the new instance’s hello, and the new holder’s answer settles it', async () => {
    const { sync, commands, nonces, send, queued } = follower();
    await sync.start();
    send({ k: 'sync', nonce: nonces[0]!, instance: 'old', channels: [], snapshots: {} });
    const asked = commands.call('BTC_USDT', { kind: 'place' });
    await turn();
    expect(queued).toHaveLength(1);

    send({ k: 'hello', instance: 'new' });
    await turn();
    expect(commands.inFlight).toBe(1);
    // The new holder took the batch from the queue and answers it on the stream, before or after the follower's resync.
    send({ k: 'reply', to: 'server-a', id: 1, result: { orderId: 7 } } as BusMessage);
    await expect(asked).resolves.toEqual({ orderId: 7 });
    send({ k: 'sync', nonce: nonces[1]!, instance: 'new', channels: [], snapshots: {} });
    expect(sync.serving).toBe(true);
    sync.stop();
  });

  it('refuses at once, as not done, once the process said bye, and takes commands again when a new instance syncs', async () => {
    const { sync, commands, nonces, send, queued } = follower();
    await sync.start();
    // Before any holder is heard of, nothing is queued.
    await expect(commands.call('BTC_USDT', {})).rejects.toMatchObject({ maybeDone: false });
    send({ k: 'sync', nonce: nonces[0]!, instance: 'old', channels: [], snapshots: {} });
    expect(sync.serving).toBe(true);

    send({ k: 'bye', instance: 'old' });
    expect(sync.serving).toBe(false);
    // Whatever else is heard from it meanwhile (its last answers) does not bring it back.
    send({ k: 'alive', instance: 'old' });
    expect(sync.serving).toBe(false);
    await expect(commands.call('BTC_USDT', {})).rejects.toMatchObject({ maybeDone: false });
    // Another instance's bye is not this one's.
    send({ k: 'hello', instance: 'new' });
    send({ k: 'sync', nonce: nonces[1]!, instance: 'new', channels: [], snapshots: {} });
    send({ k: 'bye', instance: 'old' });
    expect(sync.serving).toBe(true);
    const asked = commands.call('BTC_USDT', {});
    await turn();
    expect(queued).toHaveLength(1);
    send({ k: 'reply', to: 'server-a', id: 1, result: 'taken' } as BusMessage);
    await expect(asked).resolves.toBe('taken');
    sync.stop();
  });
});
