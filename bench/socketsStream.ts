/**
 * `npm run bench:sockets-stream`: what a gateway spends reading the cluster's pushes from socket.io's
 * Redis Streams adapter (docs/ARCHITECTURE.md "Scale-out: sockets on socket.io's Redis adapter"),
 * per push, with no socket on it (a cluster node's server: the pushes are skipped before they are
 * decoded) and with one socket that subscribed to nothing (every push decoded and handed to the
 * coalescer, which sends nobody anything). A child process writes the pushes as an owner does
 * (bus/owner.ts: pipelined XADDs of the adapter's entries); this process's CPU time is the reader's.
 * Needs Redis (REDIS_URL, default the machine's).
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect } from 'socket.io-client';
import { joinSocketsStream, openClusterRedis } from '../server/kernel/cluster/bus/cluster.js';
import { ChannelRegistry } from '../server/kernel/platform/realtime/channels.js';
import { attachRealtime } from '../server/kernel/platform/realtime/gateway.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PUSHES = Number(process.env.BENCH_PUSHES ?? 50_000);
const prefix = `openex-bench:${process.pid}`;

/** A depth delta of five levels a side, about what a busy market pushes. */
const writer = `
const { Redis } = require('ioredis');
(async () => {
  const redis = new Redis(process.argv[1]);
  const levels = Array.from({ length: 5 }, (_, i) => [String(96000 + i), '0.125']);
  for (let sent = 0; sent < ${PUSHES}; sent += 500) {
    const p = redis.pipeline();
    for (let i = 0; i < 500; i++) p.xadd(process.argv[2], 'MAXLEN', '~', '20000', '*', 'm', JSON.stringify({ room: 'btc_usdt_depth', payload: { channel: 'btc_usdt_depth', kind: 'delta', seq: sent + i, bids: levels, asks: levels } }));
    await p.exec();
  }
  await redis.quit();
})();
`;

async function measure(sockets: number): Promise<number> {
  const cluster = openClusterRedis({ url: REDIS_URL, prefix }, 'bench', () => undefined);
  const http = createServer();
  const registry = new ChannelRegistry([], () => []);
  const realtime = attachRealtime(http, registry, { snapshot: async () => undefined, cluster: (io, deliver) => joinSocketsStream(cluster, io, deliver) });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const clients = await Promise.all(
    Array.from({ length: sockets }, () => {
      const socket = connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, { transports: ['websocket'], forceNew: true });
      return new Promise<typeof socket>((resolve) => socket.once('connect', () => resolve(socket)));
    }),
  );
  // The adapter reads from the stream's end once its reading connection is up.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const before = process.cpuUsage();
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', writer, REDIS_URL, cluster.keys.sockets], { stdio: 'inherit' });
  await new Promise((resolve) => child.once('exit', resolve));
  // Until the reader has caught up: its connection idles in a blocking read once it has.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const used = process.cpuUsage(before);
  for (const c of clients) c.close();
  await realtime.close();
  await new Promise((resolve) => http.close(resolve));
  await cluster.writer.del(cluster.keys.sockets);
  await cluster.close();
  return ((used.user + used.system) / PUSHES) as number;
}

const idle = await measure(0);
const watched = await measure(1);
console.log(`reading ${PUSHES} pushes from the sockets' stream, this process's CPU per push:`);
console.log(`  no socket here (skipped before decoding): ${idle.toFixed(2)} µs`);
console.log(`  one socket here (each decoded and handed to the coalescer): ${watched.toFixed(2)} µs`);
console.log(`  ratio: ${(watched / idle).toFixed(2)}`);
process.exit(0);
