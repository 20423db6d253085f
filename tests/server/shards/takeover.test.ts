import { describe, expect, it } from 'vitest';
import type { BusMessage, CommandBatch } from '../../../server/kernel/realtime/bus/messages.js';
import { CommandClient, MarketUnavailable } from '../../../server/kernel/shards/commandClient.js';
import { fakeFollower } from './fakeFollower.js';

/**
 * Issue 38's reproduction: "a command published while its market's process restarts is lost (the
 * caller waits for its timeout)". A follower wired as kernel/shards/follower.ts wires it: when a new
 * instance of the process says hello (a standby took over, or it restarted), what the old one was
 * asked and never answered fails at once as possibly done — the caller resends it under its key —
 * instead of after COMMAND_TIMEOUT_MS.
 */
function follower() {
  let commands!: CommandClient;
  const followed = fakeFollower(
    { replies: (reply) => commands.receive(reply), instanceGone: () => commands.abandon() },
    { sendCommands: async (_batch: CommandBatch) => 1 },
  );
  commands = new CommandClient(followed.bus, 'server-a', 60_000);
  return { ...followed, commands };
}

describe('a command to a process that is replaced before it answers', () => {
  it('fails at once, as possibly done, when the new instance says hello', async () => {
    const { sync, commands, nonces, send } = follower();
    await sync.start();
    send({ k: 'sync', nonce: nonces[0]!, instance: 'old', channels: [], snapshots: {} });
    const asked = commands.call('BTC_USDT', { kind: 'place' });
    const outcome = asked.then(
      () => 'answered',
      (error: unknown) => error,
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(commands.inFlight).toBe(1);

    send({ k: 'hello', instance: 'new' });
    const error = await Promise.race([outcome, new Promise((resolve) => setTimeout(() => resolve('still waiting'), 500))]);
    expect(error).toBeInstanceOf(MarketUnavailable);
    expect((error as MarketUnavailable).maybeDone).toBe(true);
    expect(commands.inFlight).toBe(0);
    sync.stop();
    commands.close();
  });

  it('keeps waiting for its answer while the same instance goes on', async () => {
    const { sync, commands, nonces, send } = follower();
    await sync.start();
    send({ k: 'sync', nonce: nonces[0]!, instance: 'old', channels: [], snapshots: {} });
    const asked = commands.call('BTC_USDT', { kind: 'place' });
    await new Promise((resolve) => setImmediate(resolve));
    send({ k: 'hello', instance: 'old' }, { k: 'alive', instance: 'old' });
    expect(commands.inFlight).toBe(1);
    send({ k: 'reply', to: 'server-a', id: 1, result: { orderId: 7 } } as BusMessage);
    await expect(asked).resolves.toEqual({ orderId: 7 });
    sync.stop();
  });
});
