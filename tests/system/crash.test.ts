import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../server/app/ledgerAudit.js';
import { openPglite } from '../../server/db/pglite.js';
import { startServerProcess, type ServerProcess } from './serverProcess.js';
import { fundedTraders, operatorToken, referencePrices } from './traders.js';
import { missingAcknowledged, Workload } from './workload.js';

const dataDir = mkdtempSync(join(tmpdir(), 'openex-crash-'));
const port = Number(process.env.SYSTEM_TEST_PORT ?? 8461) + 1;
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('crash: kill -9 under load, then restart', () => {
  it('loses no acknowledged operation and the books still balance', async () => {
    server = await startServerProcess({ dataDir, port });
    const traders = await fundedTraders(server.url, dataDir, 6, 'crash');
    const workload = new Workload(server.url, traders, await operatorToken(server.url), await referencePrices(server.url), 4242);
    let crashed = false;
    const workers = Array.from({ length: 6 }, () => workload.run(100_000, () => crashed));
    await new Promise((r) => setTimeout(r, 8000));
    crashed = true;
    await server.crash();
    await Promise.all(workers);
    expect(workload.acknowledged.length).toBeGreaterThan(20);

    server = await startServerProcess({ dataDir, port });
    expect(await missingAcknowledged(server.url, traders, workload.acknowledged)).toEqual([]);
    // The restarted server takes work again: the books are open, not just readable.
    await workload.run(60);
    expect(workload.duplicateEffects).toEqual([]);
    await server.stop();

    const db = await openPglite(join(dataDir, 'pglite'));
    try {
      expect(await auditLedger(db)).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
