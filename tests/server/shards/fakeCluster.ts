import type { ClusterRedis } from '../../../server/kernel/cluster/bus/cluster.js';
import { clusterKeys, type OwnerBeat } from '../../../server/kernel/cluster/bus/messages.js';
import { OwnersView } from '../../../server/kernel/cluster/shards/follower.js';

/**
 * An OwnersView over an owners hash and snapshots hash the test plays (what the owners would write
 * to Redis): `beat` writes an owner's beat, `bye` strikes it (a holder that stopped in order), `published` is what the view pushed
 * to its own sockets.
 */
export function fakeCluster() {
  const owners = new Map<string, string>();
  const snapshots = new Map<string, string>();
  const writer = {
    hgetall: async () => Object.fromEntries(owners),
    hmget: async (_key: string, ...fields: string[]) => fields.map((f) => snapshots.get(f) ?? null),
  };
  const cluster = { url: '', prefix: 'test', keys: clusterKeys('test'), writer, log: () => undefined, close: async () => undefined } as unknown as ClusterRedis;
  const published: Array<{ channel: string; payload: Record<string, unknown> }> = [];
  const view = new OwnersView(cluster, (channel, payload) => published.push({ channel, payload: payload as Record<string, unknown> }));
  return {
    cluster,
    view,
    published,
    beat: (entry: string, beat: Partial<OwnerBeat> & { instance: string }) => owners.set(entry, JSON.stringify({ at: Date.now(), ticks: [], ...beat })),
    bye: (entry: string) => owners.delete(entry),
    snapshot: (channel: string, payload: object) => snapshots.set(channel, JSON.stringify(payload)),
  };
}
