import { describe, expect, it } from 'vitest';
import { WALLET_PATHS, type TransferRecord, type WithdrawalRecord } from '../../src/domain/wallet.js';
import { useScratchServer } from './serverProcess.js';
import { fundedTraders, operatorToken, referencePrices } from './traders.js';
import { allPages, missingAcknowledged, Workload } from './workload.js';

const TRADERS = 8;
const WORKERS = 8;
/** SYSTEM_TEST_STEPS scales the run up (a longer soak) or down (a quick look). */
const STEPS_PER_WORKER = Number(process.env.SYSTEM_TEST_STEPS ?? 250);

const scratch = useScratchServer('property', Number(process.env.SYSTEM_TEST_PORT ?? 8461));

describe('property: thousands of random operations from many traders at once', () => {
  it('keeps every promise of the ledger, and every acknowledged submission has exactly one effect', async () => {
    const server = await scratch.start();
    const { url } = server;
    const traders = await fundedTraders(url, scratch.dataDir, TRADERS, 'property');
    const workload = new Workload(url, traders, await operatorToken(url), await referencePrices(url), 20261121);
    const started = Date.now();
    await Promise.all(Array.from({ length: WORKERS }, () => workload.run(STEPS_PER_WORKER)));
    const seconds = (Date.now() - started) / 1000;
    console.log(`property: ${WORKERS * STEPS_PER_WORKER} operations (${workload.acknowledged.length} acknowledged) in ${seconds.toFixed(1)} s`);

    expect(workload.unknown).toEqual([]);
    expect(workload.acknowledged.length).toBeGreaterThan(WORKERS * STEPS_PER_WORKER * 0.3);
    expect(workload.duplicateEffects).toEqual([]);
    expect(await missingAcknowledged(url, traders, workload.acknowledged)).toEqual([]);
    // No phantom effects: without a crash every effect was acknowledged, once.
    for (const trader of traders) {
      const acked = (kind: string) => new Set(workload.acknowledged.filter((a) => a.trader === trader.account && a.kind === kind).map((a) => a.id)).size;
      expect((await allPages<TransferRecord>(url, WALLET_PATHS.transfers, trader.token)).length, trader.account).toBe(acked('transfer'));
      expect((await allPages<WithdrawalRecord>(url, WALLET_PATHS.withdrawals, trader.token)).length, trader.account).toBe(acked('withdrawal'));
    }

    await server.stop();
    expect(await scratch.audit()).toEqual([]);
  });
});
