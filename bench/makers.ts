/**
 * npm run bench:makers — what the default market makers cost (issue 10: ≤ 0.1 core at the default
 * quoting). The real server (server/main.ts as a child process, `npm start`'s embedded PostgreSQL on
 * a fresh data directory) runs twice, market makers on and then off; after a warm-up, the CPU of the
 * server process and of its own PostgreSQL processes (postmaster and children, from /proc) is read
 * over a window, as a share of one core. The makers' cost is the difference: with them off, what is
 * left is the rest of an idle exchange (chain blocks, seconds and futures prices, fiat sweeps).
 * CPU time, unlike wall time, moves little with the machine's other load.
 * Environment: BENCH_WARM_SECONDS (20), BENCH_WINDOW_SECONDS (60).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from '../tests/system/serverProcess.js';
import { postmasterCpuSeconds } from './pipeline/databaseUsage.js';
import { childPid, cpuSeconds, freePort } from './pipeline/load.js';

const WARM = Number(process.env.BENCH_WARM_SECONDS ?? 20);
const WINDOW = Number(process.env.BENCH_WINDOW_SECONDS ?? 60);
const sleep = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

interface Idle {
  server: number;
  database: number;
}

/** Shares of one core over the window: the server process and its embedded PostgreSQL. */
async function measure(makers: 'on' | 'off'): Promise<Idle> {
  const dataDir = mkdtempSync(join(tmpdir(), `openex-bench-makers-${makers}-`));
  const server = await startServerProcess({ dataDir, port: await freePort(), env: { MARKET_MAKERS: makers } });
  try {
    const pid = childPid('scripts/serve.mjs');
    if (pid === undefined) throw new Error('server process not found');
    await sleep(WARM);
    const before = { server: cpuSeconds(pid), database: postmasterCpuSeconds(dataDir) ?? NaN, at: performance.now() };
    await sleep(WINDOW);
    const elapsed = (performance.now() - before.at) / 1000;
    const idle = {
      server: (cpuSeconds(pid) - before.server) / elapsed,
      database: ((postmasterCpuSeconds(dataDir) ?? NaN) - before.database) / elapsed,
    };
    console.log(
      `market makers ${makers.padEnd(3)}: server ${idle.server.toFixed(3)} core, embedded PostgreSQL ${idle.database.toFixed(3)} core, ` +
        `together ${(idle.server + idle.database).toFixed(3)} (${WINDOW} s after ${WARM} s warm-up; load average ${loadAverage()})`,
    );
    return idle;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`bench:makers — node ${process.version}, embedded PostgreSQL, fresh data directory per run`);
const on = await measure('on');
const off = await measure('off');
const cost = on.server + on.database - (off.server + off.database);
console.log(`market makers' cost: ${cost.toFixed(3)} core (server ${(on.server - off.server).toFixed(3)}, database ${(on.database - off.database).toFixed(3)}); goal ≤ 0.1`);
