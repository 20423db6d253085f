import { randomUUID } from 'node:crypto';
import type { UserFeed } from '../userFeed.js';
import type { RealtimeBus } from './redisBus.js';
import { ALIVE_EVERY_MS } from './messages.js';

/** What the serving process's gateway knows: every channel, and what a new subscriber to one gets now. */
export interface ChannelSource {
  channels(): string[];
  latest(channel: string): object | undefined;
}

/**
 * The serving process's side of the bus: everything its gateway publishes and everything its user
 * feed hears goes to the edges too, and an edge that asks gets every channel's snapshot, sent after
 * everything published before it (RealtimeBus keeps the order), so the edge folds only what came
 * after. Announces each start, so edges drop the copies of books that were just rebuilt, and says it
 * is alive every second, so they can tell a process that is gone from a quiet market.
 */
export function serveBus(
  bus: RealtimeBus,
  source: ChannelSource,
): {
  publish(channel: string, payload: object): void;
  userFeed: UserFeed;
  listening(userId: number): boolean;
  announce(): Promise<void>;
  advertise(url: string): void;
  stop(options?: { bye?: boolean }): void;
} {
  const instance = randomUUID();
  let beat: NodeJS.Timeout | undefined;
  let url: string | undefined;
  const listeners = new EdgeListeners();
  // Until the gateway is up there is nothing to answer a sync with; channel messages sent before
  // the hello would be folded into the copies of the previous start's books, so none go out.
  let announced = false;
  return {
    /** Once the gateway is up: answers syncs from now on, and tells the edges to ask. */
    async announce() {
      await bus.onListenerReport((report) => listeners.report(report.edge, report.users));
      await bus.onSyncRequest((nonce) => {
        const snapshots: Record<string, object> = {};
        const channels = source.channels();
        for (const channel of channels) {
          const latest = source.latest(channel);
          if (latest) snapshots[channel] = latest;
        }
        bus.send({ k: 'sync', nonce, instance, channels, snapshots, url });
      });
      announced = true;
      bus.send({ k: 'hello', instance });
      beat = setInterval(() => bus.send({ k: 'alive', instance, url }), ALIVE_EVERY_MS);
      beat.unref();
    },
    /** Listening at `url` now: said at once and in every beat after (the cluster nodes' fronts send calls there). */
    advertise(at) {
      url = at;
      if (announced) bus.send({ k: 'alive', instance, url });
    },
    /**
     * No more beats, and bye: the process is stopping (its followers show its markets paused and
     * refuse its commands at once). No bye when another process takes over at once (a handover).
     */
    stop: ({ bye = true } = {}) => {
      clearInterval(beat);
      if (announced && bye) bus.send({ k: 'bye', instance });
    },
    publish: (channel, payload) => {
      if (announced) bus.send({ k: 'channel', channel, payload });
    },
    /** Whether an edge has a socket on the user's private channel (as its last report said). */
    listening: (userId) => listeners.has(userId),
    userFeed: {
      balancesChanged: (userId, rows) => {
        if (rows.length > 0) bus.send({ k: 'balances', userId, rows: rows.map(({ currency, account }) => ({ currency, account })) });
      },
      ordersCommitted: (userId, orders) => {
        if (orders.length > 0) bus.send({ k: 'orders', userId, orders: [...orders] });
      },
      message: (userId, message) => bus.send({ k: 'user', userId, message }),
    },
  };
}

/**
 * An edge reports its private channel's users after each change and every LISTENER_HEARTBEAT_MS;
 * an edge unheard of for three heartbeats is gone (stopped, crashed or cut off), and its users with it.
 */
export const LISTENER_HEARTBEAT_MS = 5000;

class EdgeListeners {
  private readonly edges = new Map<string, { users: Set<number>; heardAt: number }>();

  report(edge: string, users: number[]): void {
    if (users.length === 0) this.edges.delete(edge);
    else this.edges.set(edge, { users: new Set(users), heardAt: Date.now() });
  }

  has(userId: number): boolean {
    const now = Date.now();
    for (const [edge, { users, heardAt }] of this.edges) {
      if (now - heardAt > 3 * LISTENER_HEARTBEAT_MS) this.edges.delete(edge);
      else if (users.has(userId)) return true;
    }
    return false;
  }
}

/**
 * The kernel's user feed when edges serve sockets too: this process's own sockets, and the bus.
 * A user listens if a socket here or on an edge does (`listening`: the edges' reports), so products
 * that build pushes only for listeners (seconds contracts' settlement) build them for these only.
 */
export function feedBoth(local: UserFeed, remote: UserFeed, listeningOnEdges: (userId: number) => boolean): UserFeed {
  return {
    listening: (userId) => (local.listening?.(userId) ?? true) || listeningOnEdges(userId),
    balancesChanged(userId, rows) {
      local.balancesChanged(userId, rows);
      remote.balancesChanged(userId, rows);
    },
    ordersCommitted(userId, orders) {
      local.ordersCommitted(userId, orders);
      remote.ordersCommitted(userId, orders);
    },
    message(userId, message) {
      local.message?.(userId, message);
      remote.message?.(userId, message);
    },
  };
}
