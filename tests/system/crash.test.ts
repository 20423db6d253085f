import { describe, expect, it } from 'vitest';
import { useScratchServer } from './serverProcess.js';
import { operatorSession } from './operatorCodes.js';
import { fundedTraders, referencePrices, verifyTraders } from './traders.js';
import { missingAcknowledged } from './readBack.js';
import { Workload } from './workload.js';

const scratch = useScratchServer('crash', Number(process.env.SYSTEM_TEST_PORT ?? 8461) + 1);

describe('crash: kill -9 under load, then restart', () => {
  it('loses no acknowledged operation and the books still balance', async () => {
    let server = await scratch.start();
    const traders = await fundedTraders(server.url, scratch.dataDir, 6, 'crash');
    const operator = await operatorSession(server.url, scratch.liveDatabaseUrl());
    await verifyTraders(server.url, traders.slice(0, 4), operator);
    const workload = new Workload(server.url, traders, operator, await referencePrices(server.url), 4242);
    await workload.prepare();
    let crashed = false;
    const workers = Array.from({ length: 6 }, () => workload.run(100_000, () => crashed));
    await new Promise((r) => setTimeout(r, 8000));
    crashed = true;
    await server.crash();
    await Promise.all(workers);
    expect(workload.acknowledged.length).toBeGreaterThan(20);

    server = await scratch.start();
    expect(await missingAcknowledged(server.url, traders, workload.acknowledged)).toEqual([]);
    // The restarted server takes work again: the books are open, not just readable.
    await workload.run(60);
    expect(workload.duplicateEffects).toEqual([]);
    await server.stop();

    expect(await scratch.audit()).toEqual([]);
  });
});
