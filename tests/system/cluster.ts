import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { serverEnv, startUntilUp, type ChildControls } from './serverProcess.js';

/**
 * The pieces of the cluster test (tests/system/cluster.chaos.test.ts): the server started twice — a
 * holder and a standby — and identical market processes, one more than MARKET_PROCESSES has entries
 * (docs/ARCHITECTURE.md "Scale-out: standbys and takeover"), and socket clients that keep their
 * channels across a server's death, as the web client does.
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
 * One entry of the cluster (the server, a market process, a product process), started as many times
 * as asked: the first start holds it, later ones stand by. `up` resolves once a given process holds
 * the entry and serves (a standby that took over).
 */
export interface Entry {
  name: string;
  /** Starts a process of the entry; resolves once it holds the entry (`holds`) or stands by. */
  start(holds: boolean): Promise<ChildControls>;
  up(process: ChildControls): Promise<void>;
}

/** The server on two ports: each process takes the one its live sibling does not use. */
export function serverEntry(options: { dataDir: string; databaseUrl: string; env: Record<string, string> }, ports: readonly [number, number]): Entry & { urlOf(process: ChildControls): string } {
  const portOf = new Map<ChildControls, number>();
  const freePort = () => ports.find((port) => ![...portOf].some(([child, used]) => used === port && child.child.exitCode === null && child.child.signalCode === null))!;
  const urlOf = (process: ChildControls) => `http://127.0.0.1:${portOf.get(process)}`;
  return {
    name: 'server',
    urlOf,
    async start(holds) {
      const port = freePort();
      // '' resolves at once (the server's log is quiet at warn): a holder is then asked until it is ready.
      const child = await startUntilUp(`server on ${port}`, 'main.ts', serverEnv({ ...options, port }), holds ? '' : 'standing by');
      portOf.set(child, port);
      if (holds) await ready(urlOf(child));
      return child;
    },
    up: (process) => ready(urlOf(process)),
  };
}

/**
 * Identical market processes (no MARKET_PROCESS): each takes the first entry of MARKET_PROCESSES no
 * process holds, or stands by for all of them (docs/ARCHITECTURE.md "Scale-out: standbys and
 * takeover"). `start` resolves once the process holds an entry or stands by; `entryOf` reads which
 * entry it holds from its log; `up` waits until it holds `entry`.
 */
export function marketProcessPool(env: Record<string, string>) {
  /** The entries a member holds now: its last "holds …" line (kernel/shards/entryPool.ts says one a change). */
  const heldBy = (process: ChildControls): string[] => {
    const last = [...process.output().matchAll(/\] holds (.+)$/gm)].at(-1)?.[1];
    return !last || last === 'nothing' ? [] : last.split(', ');
  };
  return {
    heldBy,
    start: () => startUntilUp('market process', 'marketProcess.ts', env, /joined the pool/),
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

/** Waits until `url` answers /readyz with 200. */
export async function ready(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${url}/readyz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} not ready within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
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
