/**
 * npm run bench:pipeline — what the batched spot order pipeline carries, end to end: the real server
 * (server/main.ts as a child process, via tests/system/serverProcess.ts) with its market makers on,
 * on the embedded database and, when DATABASE_URL is set, also on PostgreSQL (a fresh schema per
 * run). N traders registered and funded through the API (tests/system/traders.ts), 500 socket.io
 * subscribers on the traded pairs' trades channels in a child process (bench/pipeline/subscribers.ts).
 *
 * Steps of open-loop place/cancel load over HTTP keep-alive at rising rates; per step: offered and
 * achieved rate, latency p50/p99/max, refusals, errors, server CPU (share of one core, /proc), and
 * POST /api/plat_config latency measured alongside. At 200 and 500 orders/s, probe orders measure the
 * order → trades-channel push latency. First, the same client against a plain fastify server
 * (bench/pipeline/plainServer.ts) gives the ceiling of this machine, the ratio anchor.
 * See bench/README.md for how to read it.
 */

import { killChildren } from './pipeline/children.js';
import { plainCeiling } from './pipeline/ramp.js';
import { runDatabase } from './pipeline/runDatabase.js';

// Whatever happens, the run ends by itself: two databases × 4 min plus the ceiling and setup, and
// the CPU-per-order loops (≤ 1.5 min a database by default).
const watchdog = setTimeout(() => {
  console.error('bench:pipeline: watchdog fired (14 min), killing children');
  killChildren();
  process.exit(2);
}, 14 * 60_000);
watchdog.unref();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killChildren();
    process.exit(130);
  });
}

console.log(`bench:pipeline — node ${process.version}, ${(await import('node:os')).cpus().length} cores, load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')}`);
// BENCH_PLAIN=off skips the anchor (diagnostic runs; the ratio then prints '-').
const plain = process.env.BENCH_PLAIN === 'off' ? { rate: 0, cpuAtBest: 0 } : await plainCeiling();
// BENCH_EMBEDDED=off skips the embedded database (a diagnostic run of DATABASE_URL alone).
if (process.env.BENCH_EMBEDDED !== 'off') await runDatabase(process.env.EMBEDDED_DB === 'pglite' ? 'embedded database (PGlite)' : 'embedded database (PostgreSQL)', undefined, plain);
if (process.env.DATABASE_URL) await runDatabase('PostgreSQL', process.env.DATABASE_URL, plain);
else console.log('\n(DATABASE_URL not set: PostgreSQL run skipped)');
killChildren();
process.exit(0);
