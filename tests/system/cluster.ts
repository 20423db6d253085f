import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { serverEnv, startUntilUp, type ChildControls } from './serverProcess.js';

/**
 * The pieces of the cluster test (tests/system/cluster.chaos.test.ts): identical nodes
 * (docs/ARCHITECTURE.md "Scale-out: identical nodes"), identical market processes for the bench, and
 * socket clients that keep their channels across a node's death, as the web client does.
 */

/** The PostgreSQL the cluster runs on: the machine's (CI's PostgreSQL pass), if it answers. */
export const CLUSTER_DATABASE_URL = process.env.CLUSTER_DATABASE_URL ?? process.env.SERVER_SUITE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function postgresAnswers(url = CLUSTER_DATABASE_URL): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The cluster's identical nodes (server/startNode.ts): `npm start` with the same DATABASE_URL,
 * REALTIME_BUS_URL and MARKET_PROCESSES, each on its own slot of `ports` (PORT, where the load
 * balancer sends traffic). `start` takes the first free slot and resolves once the node serves; what
 * a node holds is read from its log: its pool's last "holds …" line.
 */
export function clusterNodes(options: { dataDir: string; databaseUrl: string; env: Record<string, string> }, ports: readonly number[]) {
  const slotOf = new Map<ChildControls, number>();
  const alive = (child: ChildControls) => child.child.exitCode === null && child.child.signalCode === null;
  /** Slots of nodes still starting: nodes started together each get their own. */
  const starting = new Set<number>();
  const freeSlot = () => ports.findIndex((_port, slot) => !starting.has(slot) && ![...slotOf].some(([child, used]) => used === slot && alive(child)));
  const pool = marketPool({});
  return {
    /** Starts a node on a free slot; resolves once it serves (after its first look at the owners). */
    async start(): Promise<ChildControls> {
      const slot = freeSlot();
      if (slot < 0) throw new Error('every node slot is taken');
      const env = {
        ...serverEnv({ dataDir: options.dataDir, databaseUrl: options.databaseUrl, port: ports[slot]!, env: options.env }),
        // Unset: with DATABASE_URL and REALTIME_BUS_URL, `npm start` runs a whole node.
        ROLES: '',
      };
      starting.add(slot);
      try {
        const child = await startUntilUp(`node ${slot}`, env, /cluster node is up/);
        slotOf.set(child, slot);
        return child;
      } finally {
        starting.delete(slot);
      }
    },
    /** The entries a node's pool member holds now. */
    holding: pool.heldBy,
    holds: pool.holds,
  };
}

/**
 * Nodes that run only a market pool (ROLES=markets): each takes its share of the entries
 * (MARKET_PROCESSES and the defaults), or is the pool's spare (docs/ARCHITECTURE.md "Scale-out:
 * standbys and takeover"). `start` resolves once the node is up; `heldBy` reads which entries it
 * holds from its log; `holds` waits until it holds exactly those.
 */
export function marketPool(env: Record<string, string>) {
  /** The entries a member holds now: its last "holds …" line (kernel/cluster/shards/entryPool.ts says one a change). */
  const heldBy = (process: Pick<ChildControls, 'output'>): string[] => {
    const last = [...process.output().matchAll(/\] holds (.+)$/gm)].at(-1)?.[1];
    return !last || last === 'nothing' ? [] : last.split(', ');
  };
  return {
    heldBy,
    // PORT 0: its health answers (a node without the web part answers them on PORT) on any free port.
    start: () => startUntilUp('market node', { ROLES: 'markets', PORT: '0', ...env }, /cluster node is up/),
    /** Waits until `process` holds exactly `entries`. */
    async holds(process: ChildControls, entries: readonly string[]) {
      const deadline = Date.now() + 120_000;
      while (heldBy(process).sort().join() !== [...entries].sort().join()) {
        if (Date.now() > deadline) throw new Error(`the member did not come to hold ${entries.join(', ') || 'nothing'}:\n${process.output()}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

/**
 * A socket through the load balancer that subscribes to `channels` on every (re)connect, as the web
 * client does, and checks each depth channel's sequence: a delta whose `seq` is not the previous one
 * plus one is a gap, which it repairs by subscribing again (the snapshot that follows). `gapsOpen`
 * counts gaps not yet repaired; `snapshotsAt` records when each snapshot came.
 */
export class ChannelWatcher {
  readonly socket: Socket;
  readonly snapshotsAt: number[] = [];
  /** When its connection broke (the node serving it was killed). */
  readonly disconnectedAt: number[] = [];
  gaps = 0;
  private readonly lastSeq = new Map<string, number>();
  private readonly broken = new Set<string>();

  constructor(
    url: string,
    private readonly channels: readonly string[],
  ) {
    this.socket = io(url, { transports: ['websocket'], forceNew: true, reconnectionDelay: 200, reconnectionDelayMax: 1000 });
    this.socket.on('connect', () => {
      this.lastSeq.clear();
      for (const channel of this.channels) this.socket.emit('subscribe', channel);
    });
    this.socket.on('disconnect', () => this.disconnectedAt.push(Date.now()));
    this.socket.on('data', (...payloads: Array<{ channel?: string; kind?: string; seq?: number }>) => {
      for (const p of payloads) this.receive(p);
    });
  }

  /** Gaps seen and not repaired by a snapshot since. */
  get gapsOpen(): number {
    return this.broken.size;
  }

  close(): void {
    this.socket.close();
  }

  private receive(p: { channel?: string; kind?: string; seq?: number }): void {
    if (!p.channel || typeof p.seq !== 'number') return;
    if (p.kind === 'snapshot') {
      this.lastSeq.set(p.channel, p.seq);
      this.broken.delete(p.channel);
      this.snapshotsAt.push(Date.now());
      return;
    }
    if (p.kind !== 'delta') return;
    const last = this.lastSeq.get(p.channel);
    if (last !== undefined && p.seq !== last + 1 && !this.broken.has(p.channel)) {
      this.gaps++;
      this.broken.add(p.channel);
      this.socket.emit('unsubscribe', p.channel);
      this.socket.emit('subscribe', p.channel);
    }
    this.lastSeq.set(p.channel, p.seq);
  }
}
