import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from './load.js';

/**
 * BENCH_EDGES=N: N realtime edges (server/edge.ts) beside the bench's server, on its bus and its
 * database, for the subscribers to connect to (docs/ARCHITECTURE.md "Scale-out: realtime edges").
 */
export interface Edge {
  url: string;
  child: ChildProcess;
}

export async function startEdges(count: number, env: { databaseUrl: string; busUrl: string; busPrefix: string }): Promise<Edge[]> {
  const edges: Edge[] = [];
  for (let i = 0; i < count; i++) {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', '..', 'server', 'edge.ts')], {
      env: {
        ...process.env,
        DATABASE_URL: env.databaseUrl,
        REALTIME_BUS_URL: env.busUrl,
        REALTIME_BUS_PREFIX: env.busPrefix,
        EDGE_PORT: String(port),
        HOST: '127.0.0.1',
        // BENCH_EDGE_PUSH_INTERVAL_MS: the edges' push interval alone (PUSH_INTERVAL_MS reaches the server too).
        ...(process.env.BENCH_EDGE_PUSH_INTERVAL_MS ? { PUSH_INTERVAL_MS: process.env.BENCH_EDGE_PUSH_INTERVAL_MS } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`edge ${i} did not start in 60 s: ${output}`)), 60_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('is up')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => reject(new Error(`edge ${i} exited with ${code}: ${output}`)));
    });
    edges.push({ url: `http://127.0.0.1:${port}`, child });
  }
  return edges;
}
