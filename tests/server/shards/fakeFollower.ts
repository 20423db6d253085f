import { ChannelReplica } from '../../../server/kernel/realtime/bus/channelReplica.js';
import { EdgeSync, type EdgeTargets } from '../../../server/kernel/realtime/bus/edgeSync.js';
import type { BusMessage } from '../../../server/kernel/realtime/bus/messages.js';
import type { RealtimeBus } from '../../../server/kernel/realtime/bus/redisBus.js';

/**
 * An EdgeSync following a bus that the test plays: `send` delivers messages as the serving process
 * would publish them, `nonces` are the syncs it asked for, `published` what it pushed to its own
 * sockets. `deps` replaces any of the follower's hooks (the command client's `replies`, say).
 */
export function fakeFollower(deps: Partial<EdgeTargets> = {}, bus: Partial<RealtimeBus> = {}) {
  let stream: ((messages: BusMessage[]) => void) | undefined;
  const nonces: string[] = [];
  const fake = {
    onResubscribed: () => undefined,
    onStream: async (handler: (messages: BusMessage[]) => void) => void (stream = handler),
    requestSync: async (nonce: string) => void nonces.push(nonce),
    ...bus,
  } as unknown as RealtimeBus;
  const published: Array<{ channel: string; payload: Record<string, unknown> }> = [];
  const replica = new ChannelReplica();
  const sync = new EdgeSync(fake, 'test', {
    realtime: { publish: (channel, payload) => published.push({ channel, payload: payload as Record<string, unknown> }), subscriberCount: () => 1 },
    registry: { addChannels: () => undefined, addSpotPair: () => undefined },
    replica,
    feed: { balancesChanged: () => undefined, ordersCommitted: () => undefined, message: () => undefined },
    log: () => undefined,
    ...deps,
  });
  const send = (...messages: BusMessage[]) => stream!(messages);
  return { bus: fake, sync, replica, published, nonces, send };
}
