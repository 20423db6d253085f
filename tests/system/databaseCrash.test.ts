import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useScratchServer } from './serverProcess.js';
import { spotWorkload } from './traders.js';
import { missingAcknowledged } from './readBack.js';

/**
 * The spot pipeline commits without waiting for the disk and answers only after a durability
 * barrier (docs/ARCHITECTURE.md "Hot rows and durability"). A kill -9 of the server alone does not
 * test that: the embedded PostgreSQL it leaves behind is shut down cleanly at the next start and
 * writes whatever it held. Here the database dies too, as in a power cut: PostgreSQL and its
 * backends are killed first, so what was committed but not yet flushed is gone, and the restart
 * replays only the WAL on disk. Every acknowledged operation must still be there.
 *
 * So that commits do wait in memory, the load is spot orders only (no other product's synchronous
 * commit flushes them along), the market makers are off, and PostgreSQL's WAL writer flushes
 * every 10 s instead of every 0.2 s: without the barrier this test loses acknowledged orders.
 */
const embedded = !process.env.DATABASE_URL && process.env.EMBEDDED_DB !== 'pglite';
const scratch = useScratchServer('database-crash', Number(process.env.SYSTEM_TEST_PORT ?? 8461) + 6);

/** kill -9 of the embedded PostgreSQL's whole process group (it runs detached, as its own group). */
function killDatabase(dataDir: string): void {
  const pid = Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  process.kill(-pid, 'SIGKILL');
}

describe.runIf(embedded)('database crash: PostgreSQL and the server killed under load, then restarted', () => {
  it('loses no acknowledged operation and the books still balance', async () => {
    const env = { MARKET_MAKERS: 'off', SECONDS_CONTRACTS: 'off', EMBEDDED_PG_SETTINGS: 'wal_writer_delay=10000ms' };
    let server = await scratch.start(env);
    const { traders, workload } = await spotWorkload(server.url, scratch.dataDir, 6, 'dbcrash', 2424);
    let crashed = false;
    const workers = Array.from({ length: 6 }, () => workload.run(100_000, () => crashed));
    await new Promise((r) => setTimeout(r, 8000));
    crashed = true;
    killDatabase(scratch.dataDir);
    await server.crash();
    await Promise.all(workers);
    expect(workload.acknowledged.length).toBeGreaterThan(20);

    server = await scratch.start(env);
    expect(await missingAcknowledged(server.url, traders, workload.acknowledged)).toEqual([]);
    await workload.run(60);
    expect(workload.duplicateEffects).toEqual([]);
    await server.stop();

    expect(await scratch.audit()).toEqual([]);
  });
});
