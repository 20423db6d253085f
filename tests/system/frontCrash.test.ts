import { describe, expect, it } from 'vitest';
import { REDIS, redisAnswers, startUntilUp, useScratchServer, type ChildControls } from './serverProcess.js';
import { fundedTraders, operatorToken, referencePrices } from './traders.js';
import { missingAcknowledged, Workload } from './workload.js';

const port = Number(process.env.SYSTEM_TEST_PORT ?? 8461) + 8;
const scratch = useScratchServer('front-crash', port);
const redisUp = await redisAnswers();

/**
 * A node's HTTP front killed under load (docs/ARCHITECTURE.md "Scale-out: identical nodes"): the
 * server runs ETH_USDT, a market node runs m1 (BTC_USDT), and six traders do everything a trader can —
 * orders on both markets, transfers, withdrawals, the operator's approvals, repeats of earlier
 * submissions — through front A. A is killed with -9 mid-load. The client then does what a browser
 * behind a load balancer would: it sends every submission whose answer it never got again, with
 * the same Idempotency-Key, through front B. Each of them takes effect once (sent once more, it
 * names the same id), no acknowledged submission is lost, and the books balance. Skipped where no
 * Redis answers (CI starts one).
 */
describe.runIf(redisUp)('crash: kill -9 of an HTTP front under load, the client going on through another', () => {
  it('loses no acknowledged submission, doubles none sent again through the other front, and the books still balance', async () => {
    const shared = { MARKET_PROCESSES: 'm1=BTC_USDT', REALTIME_BUS_URL: `redis://${REDIS.host}:${REDIS.port}`, REALTIME_BUS_PREFIX: `openex-system:${process.pid}:${Date.now()}:front` };
    const server = await scratch.start({ ...shared, TRUSTED_PROXIES: '127.0.0.1' });
    // Nodes pinned with ROLES: one runs the market pool (it takes m1), two only a front, which pass
    // what they do not serve to the server that holds the lease (its beat says where it listens).
    const beside = { ...shared, LOG_LEVEL: 'warn', DATABASE_URL: scratch.databaseUrl(), HOST: '127.0.0.1', TRUSTED_PROXIES: '127.0.0.1' };
    const m1 = await startUntilUp('market node m1', 'main.ts', { ...beside, ROLES: 'markets', PORT: String(port + 103) }, /\] holds m1$/m);
    const front = (n: number): Promise<ChildControls> => startUntilUp(`front ${n}`, 'main.ts', { ...beside, ROLES: 'front', PORT: String(port + n) }, /cluster node is up/);
    const frontA = await front(1);
    const frontB = await front(2);
    const urlOf = (n: number) => `http://127.0.0.1:${port + n}`;

    // Registration, deposits and the operator's login go through front A too (forwarded to the server).
    const traders = await fundedTraders(urlOf(1), scratch.dataDir, 6, 'front-crash');
    const workload = new Workload(urlOf(1), traders, await operatorToken(urlOf(1)), await referencePrices(urlOf(1)), 5151);
    let crashed = false;
    const workers = Array.from({ length: 6 }, () => workload.run(100_000, () => crashed));
    await new Promise((r) => setTimeout(r, 6000));
    await frontA.crash();
    crashed = true;
    await Promise.all(workers);
    const beforeCrash = workload.acknowledged.length;
    expect(beforeCrash).toBeGreaterThan(20);

    workload.reroute(urlOf(2));
    // The six workers were each waiting for an answer when A died (a cancel or an operator's call
    // among them is not a submission with a key: those are just lost, as a browser's would be).
    expect(await workload.resendUnsure()).toBeGreaterThan(0);
    await workload.run(80);
    expect(workload.acknowledged.length).toBeGreaterThan(beforeCrash);
    expect(workload.duplicateEffects).toEqual([]);
    expect(await missingAcknowledged(urlOf(2), traders, workload.acknowledged)).toEqual([]);

    await frontB.stop();
    await m1.stop();
    await server.stop();
    expect(await scratch.audit()).toEqual([]);
  }, 180_000);
});
