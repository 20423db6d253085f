import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FUTURES_PATHS } from '../../domain/futures/api.js';
import { depthChannel } from '../../domain/market.js';
import { SPOT_PATHS } from '../../domain/spotOrders.js';
import { DepositStatus, WALLET_PATHS, type DepositAddress, type WalletNetwork } from '../../domain/wallet.js';
import { auditBooks } from '../../server/products/audit.js';
import { openPostgres } from '../../server/kernel/platform/db/postgres.js';
import { createIsolatedSchema } from '../server/testDb.js';
import { call, mustCall, newKey } from './client.js';
import { ChannelWatcher, CLUSTER_DATABASE_URL, clusterNodes, postgresAnswers } from './cluster.js';
import { startFailoverProxy } from './failoverProxy.js';
import { startNginx } from './nginxProxy.js';
import { sampleConnections, type ConnectionPeak } from './pgConnections.js';
import { REDIS, redisAnswers, type ChildControls } from './serverProcess.js';
import { operatorSession } from './operatorCodes.js';
import { fundedTraders, referencePrices, verifyTraders } from './traders.js';
import { NOTICE_BOUND_MS, unheardOrders, UserWatcher } from './userWatcher.js';
import { missingAcknowledged } from './readBack.js';
import type { Trader } from './submissions.js';
import { Workload } from './workload.js';

/** How long the chaos runs (`npm run test:cluster` runs it for several minutes), and how often a holder is killed. */
const RUN_MS = Number(process.env.CLUSTER_SECONDS ?? 80) * 1000;
const KILL_EVERY_MS = Number(process.env.CLUSTER_KILL_EVERY_MS ?? 8000);
/** The issue's bound on a market's time from its holder's death to its next accepted order. */
const MARKET_BOUND_MS = 5000;
/**
 * Issue 53 §1: a socket has its books back within 3 s of a kill — of a market owner's or of a node
 * whose sockets it was on (the sockets' upstream in docs/deploy/nginx.conf never marks a node down).
 */
const SOCKET_BOUND_MS = 3000;
const PORT = Number(process.env.SYSTEM_TEST_PORT ?? 8461) + 10;
/** The three nodes (PORT) and the load balancer. */
const NODE_PORTS = [PORT, PORT + 1, PORT + 2];
const BALANCER_PORT = PORT + 10;
/**
 * The entries the nodes' pools share: MARKET_PROCESSES' (m1: BTC_USDT; f1: futures, seconds
 * contracts and P2P) and the default `spot` (every other pair: ETH_USDT among them).
 */
const ENTRIES = ['m1', 'f1', 'spot'];
/**
 * The `duties` lease (the chain's blocks among its work), whichever node holds it: after every kill a
 * deposit made then must be credited within the markets' bound.
 */
const DUTIES = 'duties';

/**
 * Run by `npm run test:cluster` (which sets CLUSTER_SECONDS; .ci/run calls it after `npm test`, alone,
 * so its three nodes do not share the two cores with the rest of the system suite), where
 * PostgreSQL and Redis answer.
 */
const runs = process.env.CLUSTER_SECONDS !== undefined && (await redisAnswers()) && (await postgresAnswers());

const percentiles = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
  return { p50: at(50), p99: at(99), max: sorted.at(-1) ?? NaN };
};
const describeTimes = (values: number[]) => {
  const { p50, p99, max } = percentiles(values);
  return `n ${values.length}, p50 ${p50} ms, p99 ${p99} ms, max ${max} ms`;
};

/**
 * The cluster under chaos (issue 38, issue 53 §5's one shape): three identical nodes — `npm start`
 * with the same DATABASE_URL (the machine's PostgreSQL), REALTIME_BUS_URL (its Redis) and
 * MARKET_PROCESSES (m1: BTC_USDT; f1: futures, seconds contracts, P2P) — behind nginx running
 * docs/deploy/nginx.conf (or, where nginx is not installed, a Node proxy with its
 * `proxy_next_upstream error` rule). Every node serves every route and the sockets; their pools
 * share m1, f1 and the default `spot` (every other pair), one each once all three run.
 * Six traders drive the whole mix (spot and futures orders, cancels, transfers, withdrawals, seconds
 * contracts, P2P, ICO) and four sockets watch both books, while every KILL_EVERY_MS a node — the one
 * holding the work killed least so far — is killed with -9 and started again after a pause. It
 * prints and asserts: per entry the killed node held (m1, f1, spot), and for the duties (a deposit
 * made after every kill, credited by the chain's blocks wherever the duties run), the time from
 * the kill to its next accepted call; the sockets' resync (no sequence gap left unrepaired); the
 * seconds contracts' lateness and P2P's pay deadlines (15 s here, expired by whoever holds f1, none
 * graced) within 5 s; no acknowledged operation lost, none applied twice; the ledger audit clean.
 * Skipped where PostgreSQL or Redis does not answer.
 */
describe.runIf(runs)('cluster chaos: kill -9 of any node in turn under the whole mix', () => {
  it('keeps every market and timer going through the kills, losing and repeating nothing', async () => {
    const schema = await createIsolatedSchema(CLUSTER_DATABASE_URL);
    const dataDir = mkdtempSync(join(tmpdir(), 'openex-cluster-'));
    const bus = { REALTIME_BUS_URL: `redis://${REDIS.host}:${REDIS.port}`, REALTIME_BUS_PREFIX: `openex-cluster:${process.pid}:${Date.now()}`, MARKET_PROCESSES: `${ENTRIES[0]}=BTC_USDT;${ENTRIES[1]}=futures,seconds,fiat`, TRUSTED_PROXIES: '127.0.0.1' };
    const cluster = clusterNodes({ dataDir, databaseUrl: schema.url, env: bus }, NODE_PORTS);
    const nodes: ChildControls[] = [];
    // The documented nginx configuration where nginx is installed (.ci/run installs it), else a stand-in.
    const nginx = await startNginx(NODE_PORTS, BALANCER_PORT);
    const proxy = nginx ?? (await startFailoverProxy(NODE_PORTS, BALANCER_PORT));
    console.log(`cluster: load balancer ${nginx ? 'nginx with docs/deploy/nginx.conf' : 'the Node failover proxy (nginx is not installed)'}`);
    const watchers: ChannelWatcher[] = [];
    const userSockets: UserWatcher[] = [];
    // PostgreSQL connections through the whole run: every node's pools must fit max_connections.
    const connections = await sampleConnections(schema.url);
    let connectionPeak: ConnectionPeak | undefined;
    let done = false;
    const restarts: Array<Promise<void>> = [];
    try {
      // Issue 53 §2: the three nodes start together on the fresh database, as an operator would start
      // them: the first to take the migrations' lock prepares it while the others wait for it; then
      // the pool spreads the entries until each node holds one.
      const [first, second, third] = await Promise.all([cluster.start(), cluster.start(), cluster.start()]);
      const spread = () => {
        const held = [first, second, third].map((node) => cluster.holding(node));
        return held.every((work) => work.length === 1) && new Set(held.flat()).size === ENTRIES.length;
      };
      await until(spread, 'the work spread over the three nodes', 60_000);
      nodes.push(first, second, third);
      console.log(`cluster: nodes hold ${nodes.map((node) => `[${cluster.holding(node).join(', ')}]`).join(' ')}`);
      await shortPayDeadlines(schema.url);

      const url = proxy.url;
      const traders = await fundedTraders(url, dataDir, 6, 'cluster');
      const operator = await operatorSession(url, schema.url);
      await verifyTraders(url, traders.slice(0, 4), operator);
      const workload = new Workload(url, traders, operator, await referencePrices(url), 3838);
      await workload.prepare();
      for (let i = 0; i < 4; i++) watchers.push(new ChannelWatcher(url, [depthChannel('BTC', 'USDT'), depthChannel('ETH', 'USDT')]));
      // Issue 53 §4: each trader's private socket, as the app keeps it, must hear of every order it acknowledged.
      for (const trader of traders) userSockets.push(new UserWatcher(url, trader));
      const workers = Array.from({ length: 6 }, () => workload.run(1_000_000, () => done));
      const probe = traders[5]!;
      const takeovers = new Map<string, number[]>([...ENTRIES, DUTIES].map((name) => [name, []]));
      const depositNetwork = (await mustCall<WalletNetwork[]>(url, WALLET_PATHS.networks, { currency: 'USDT' }, { token: probe.token })).find((n) => n.deposit_enabled)!.network;
      /** Per kill: kill → every socket that must resync has its books again. */
      const resyncs: number[] = [];
      let turn = 0;

      const startedAt = Date.now();
      while (Date.now() - startedAt < RUN_MS) {
        await new Promise((r) => setTimeout(r, KILL_EVERY_MS));
        // Only while all three run, so each kill finds two nodes to take its work; the node holding
        // the entry killed least so far (a short run in CI hits m1, f1 and spot each), in turn on a tie.
        if (nodes.length < 3) continue;
        const hits = (node: ChildControls) => Math.min(...cluster.holding(node).map((work) => takeovers.get(work)!.length), Infinity);
        const order = nodes.map((_, i) => nodes[(turn + i) % nodes.length]!);
        turn++;
        const node = order.reduce((best, next) => (hits(next) < hits(best) ? next : best));
        nodes.splice(nodes.indexOf(node), 1);
        const held = cluster.holding(node);
        await node.crash();
        const killedAt = Date.now();
        console.log(`cluster: killed a node holding [${held.join(', ')}]`);
        // Each piece of work it held, taken again: a call that needs it is accepted through the balancer.
        const [times, credited] = await Promise.all([Promise.all(held.map((work) => untilAccepted(url, probe, work, killedAt))), untilDeposited(url, schema.url, probe, depositNetwork, killedAt)]);
        held.forEach((work, i) => takeovers.get(work)!.push(times[i]!));
        takeovers.get(DUTIES)!.push(credited);
        // Every socket that must resync has its books again: all of them after a takeover of m1 or spot
        // (the new owner pushes its snapshots to every socket on its books), else those that were on
        // the killed node.
        const everyone = held.includes('m1') || held.includes('spot');
        const mustResync = () => watchers.filter((w) => everyone || w.disconnectedAt.some((t) => t >= killedAt - 50));
        await until(() => mustResync().every((w) => w.snapshotsAt.some((t) => t > killedAt)), 'the sockets\' resync after a kill', 60_000);
        const waited = mustResync().map((w) => w.snapshotsAt.find((t) => t > killedAt)! - killedAt);
        if (waited.length > 0) resyncs.push(Math.max(...waited));
        // The killed node comes back, after a pause, identical (meanwhile the next kill may come).
        restarts.push(
          (async () => {
            await new Promise((r) => setTimeout(r, 1000));
            nodes.push(await cluster.start());
          })(),
        );
      }
      await Promise.all(restarts);
      done = true;
      await Promise.all(workers);
      await workload.resendUnsure();
      await new Promise((r) => setTimeout(r, NOTICE_BOUND_MS));
      const notices = unheardOrders(userSockets, workload.acknowledged);

      const lateness = await secondsLateness(schema.url);
      const p2p = await p2pDeadlines(schema.url);
      for (const [name, times] of takeovers) console.log(`cluster: ${name === DUTIES ? 'any kill → a deposit made then credited (the duties)' : `${name} kill → next accepted`}: ${describeTimes(times)}`);
      console.log(`cluster: sockets resynced after a kill: ${describeTimes(resyncs)}`);
      console.log(`cluster: sequence gaps seen ${watchers.reduce((n, w) => n + w.gaps, 0)}, left open ${watchers.reduce((n, w) => n + w.gapsOpen, 0)}`);
      console.log(`cluster: seconds contracts settled late by ${describeTimes(lateness)}`);
      console.log(`cluster: P2P orders expired after their pay deadline late by ${describeTimes(p2p.late)}; graced ${p2p.graced}`);
      connectionPeak = await connections.stop();
      console.log(`cluster: PostgreSQL connections at the peak ${connectionPeak.total} of ${connectionPeak.limit} allowed: ${JSON.stringify(connectionPeak.byKind)}`);
      console.log(`cluster: ${workload.acknowledged.length} acknowledged, ${workload.unknown.length} outcomes unknown (resent under their keys), ${workload.steps} steps, counts ${JSON.stringify(workload.counts)}`);

      console.log(`cluster: acknowledged orders checked on a private socket connected throughout ${notices.checked}, never heard of ${notices.unheard.length}${notices.unheard.length > 0 ? `: ${notices.unheard.slice(0, 10).join('; ')}` : ''}`);

      for (const name of [...ENTRIES, DUTIES]) expect(percentiles(takeovers.get(name)!).max || 0).toBeLessThanOrEqual(MARKET_BOUND_MS);
      expect(percentiles(resyncs).max || 0).toBeLessThanOrEqual(SOCKET_BOUND_MS);
      expect(watchers.reduce((n, w) => n + w.gapsOpen, 0)).toBe(0);
      // Timed work on time across the kills: seconds contracts (checked in secondsLateness) and P2P's
      // deadlines, held through every takeover (none graced: each outage was seconds long).
      expect(percentiles(lateness).max || 0).toBeLessThanOrEqual(MARKET_BOUND_MS);
      expect(p2p.late.length).toBeGreaterThan(0);
      expect(percentiles(p2p.late).max).toBeLessThanOrEqual(MARKET_BOUND_MS);
      expect(p2p.graced).toBe(0);
      expect(await missingAcknowledged(url, traders, workload.acknowledged)).toEqual([]);
      expect(workload.duplicateEffects).toEqual([]);
      expect(notices.checked).toBeGreaterThan(0);
      expect(notices.unheard).toEqual([]);
      expect(connectionPeak.total).toBeLessThan(connectionPeak.limit);
    } finally {
      done = true;
      if (!connectionPeak) await connections.stop().catch(() => undefined);
      await Promise.allSettled(restarts);
      for (const w of watchers) w.close();
      for (const w of userSockets) w.close();
      for (const node of nodes) await node.stop();
      await proxy.close();
    }
    const db = await openPostgres(schema.url);
    try {
      expect(await auditBooks(db)).toEqual([]);
    } finally {
      await db.close();
      await schema.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 900_000);
});

/**
 * Asks, as a trader would, until `entry`'s work is taken again: an order on its market (m1's
 * BTC_USDT, spot's ETH_USDT, then a wallet read), or f1's futures account.
 */
async function untilAccepted(url: string, probe: Trader, entry: string, killedAt: number): Promise<number> {
  const order = (symbol: string, price: string, quantity: string) =>
    call(url, SPOT_PATHS.place, { symbol, side: 'buy', type: 'limit', price, quantity }, { token: probe.token, key: newKey() });
  const ask = async () => {
    if (entry === 'f1') return call(url, FUTURES_PATHS.account, {}, { token: probe.token });
    if (entry === 'm1') return order('BTC_USDT', '30000', '0.001');
    const placed = await order('ETH_USDT', '1000', '0.01');
    return placed.code === 200 ? call(url, WALLET_PATHS.balances, { account: 'spot' }, { token: probe.token }) : placed;
  };
  for (;;) {
    const answer = await ask().catch(() => undefined);
    if (answer?.code === 200) return Date.now() - killedAt;
    if (Date.now() - killedAt > 120_000) throw new Error(`${entry}: nothing accepted 120 s after the kill (last: ${answer?.msg})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A deposit of 1 USDT to the probe made right after a kill (POST /api/chain/simulate_deposit,
 * through the balancer), until its row says credited: the chain's blocks are the duties' work, so
 * this is the time until the duties run again wherever they were.
 */
async function untilDeposited(url: string, databaseUrl: string, probe: Trader, network: string, killedAt: number): Promise<number> {
  const db = await openPostgres(databaseUrl, { pool: 1, planOnce: 1 });
  try {
    let deposit: { id: number } | undefined;
    for (;;) {
      if (!deposit) {
        const { address } = await mustCall<DepositAddress>(url, WALLET_PATHS.depositAddress, { currency: 'USDT', network }, { token: probe.token }).catch(() => ({ address: undefined }));
        if (address) deposit = await mustCall<{ id: number }>(url, WALLET_PATHS.simulateDeposit, { address, currency: 'USDT', network, quantity: '1' }).catch(() => undefined);
      }
      const [row] = deposit ? await db.query<{ status: number }>('select status from deposit where id = $1', [deposit.id]) : [];
      if (row?.status === DepositStatus.success) return Date.now() - killedAt;
      if (Date.now() - killedAt > 120_000) throw new Error(`duties: no deposit credited 120 s after the kill (deposit ${deposit?.id ?? 'not made'})`);
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await db.close();
  }
}

async function until(check: () => boolean, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** How late each settled seconds contract was settled after its second, once every contract due is settled. */
/**
 * P2P's pay deadlines short enough to fall due within the run, across the kills: 15 s to pay (the
 * platform's default is minutes). The workload marks most of its purchases paid at once; the rest
 * fall due and are expired by f1's sweep, whoever holds f1 then.
 */
async function shortPayDeadlines(databaseUrl: string): Promise<void> {
  const db = await openPostgres(databaseUrl);
  try {
    await db.query(
      `insert into platform_config (key, value) values ('legal_trade', '{"pay_time": 0.25}'::jsonb)
       on conflict (key) do update set value = platform_config.value || '{"pay_time": 0.25}'::jsonb`,
    );
  } finally {
    await db.close();
  }
}

/**
 * Once every order left unpaid has fallen due and been expired (the workload leaves its last ones
 * open: 15 s to pay, so within 20 s): how late each expiry came, and how many were graced.
 */
async function p2pDeadlines(databaseUrl: string): Promise<{ late: number[]; graced: number }> {
  const db = await openPostgres(databaseUrl);
  try {
    const deadline = Date.now() + 30_000;
    while ((await db.query<{ n: string }>(`select count(*)::text as n from fiat_order where status = 'unpaid'`))[0]!.n !== '0') {
      if (Date.now() > deadline) throw new Error('P2P orders still unpaid 30 s after the run: their deadlines were not honoured');
      await new Promise((r) => setTimeout(r, 200));
    }
    const rows = await db.query<{ late: string }>(`select (finished_ms - pay_deadline_ms)::text as late from fiat_order where cancel_reason = 'expired'`);
    const [graced] = await db.query<{ n: string }>(`select count(*)::text as n from fiat_order where graced`);
    return { late: rows.map((r) => Number(r.late)), graced: Number(graced!.n) };
  } finally {
    await db.close();
  }
}

async function secondsLateness(databaseUrl: string): Promise<number[]> {
  const db = await openPostgres(databaseUrl);
  try {
    const deadline = Date.now() + 15_000;
    while ((await db.query<{ n: string }>(`select count(*)::text as n from seconds_contract_view where status = 1 and expiry_second * 1000 < $1`, [Date.now() - 1000]))[0]!.n !== '0') {
      if (Date.now() > deadline) throw new Error('seconds contracts left unsettled 15 s after their second');
      await new Promise((r) => setTimeout(r, 200));
    }
    const rows = await db.query<{ late: string }>(`select (settled_ms - expiry_second * 1000)::text as late from seconds_contract_view where status = 2`);
    return rows.map((r) => Number(r.late));
  } finally {
    await db.close();
  }
}
