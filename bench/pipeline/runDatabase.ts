import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { SPOT_PATHS } from '../../domain/spotOrders.js';
import { newKey } from '../../tests/system/client.js';
import { startServerProcess, type ServerProcess } from '../../tests/system/serverProcess.js';
import { referencePrices } from '../../tests/system/traders.js';
import { createIsolatedSchema, type IsolatedSchema } from '../../tests/server/testDb.js';
import { embeddedDatabaseUrl } from '../../server/kernel/platform/db/embeddedPostgres.js';
import { children, serverPids } from './children.js';
import { childPid, closeClient, judge, pad, stepHeader, stepLine, cpuSecondsOfProcesses, cpuSeconds, freePort, keepAlive, loadClient, loadClientKind, ms, now, openLoop, percentile, post, SUSTAIN, withCpu, type LoadClient, type Outcome } from './load.js';
import { pushLatency, registerTraders, startSubscribers, type Probe, type Subscribers } from './participants.js';
import { ramp, summary } from './ramp.js';
import { cpuPerOrder } from './cpuPerOrder.js';
import { startReadProber } from './readProbes.js';
import { databaseUsage, postmasterCpuSeconds } from './databaseUsage.js';
import { gcCounts, gcText } from './gcTimes.js';
import { entriesOf, marketProcessesSetting, NODE_ENV, poolSettled, startEdges, startFronts, startMarketProcesses, startNodes, startPool, type Child } from './scaleOut.js';
import { CPU_IN_FLIGHT, CPU_ORDERS, CPU_RUNS, BUDGET_MS, BUS, CANCEL_SHARE, CONNECTIONS, EDGES, FRONTS, MARKET_PROCESSES, NODES, PAIRS, POOL, PLAT_EVERY_MS, PROBE, PROBE_EVERY_MS, PUSH_RATES, RATES, STEP_SECONDS, SUBSCRIBERS, TRADERS, USER_CHANNELS, WARM_UP } from './settings.js';
import { askStages, printedBy, STAGES, type StageSource } from './stageTimes.js';
import { printStatementStats, resetStatementStats, statementStatsEnv } from './statementStats.js';
import type { ProbeArrival } from './subscribers.js';

/**
 * One database's run: the server (and its edges, market processes and fronts when asked), traders,
 * subscribers, then idle, one-at-a-time, warm-up and the ramp of place/cancel steps, printed as it goes.
 */
export async function runDatabase(label: string, databaseUrl: string | undefined, plain: { rate: number }): Promise<void> {
  console.log(`\n=== ${label} ===`);
  if (NODES > 0 && !databaseUrl) {
    console.log('  (BENCH_NODES needs a shared PostgreSQL: run with DATABASE_URL and BENCH_EMBEDDED=off; skipped)');
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'openex-bench-pipeline-'));
  let schema: IsolatedSchema | undefined;
  let server: ServerProcess | undefined;
  let subscribers: Subscribers | undefined;
  let tickSocket: Socket | undefined;
  let edges: Child[] = [];
  let marketProcesses: Child[] = [];
  let fronts: Child[] = [];
  const agents: LoadClient[] = [];
  const t0 = Date.now();
  let tReady = Date.now();
  const timeLeft = () => BUDGET_MS - (Date.now() - tReady);
  try {
    if (databaseUrl) {
      schema = await createIsolatedSchema(databaseUrl);
      console.log(`  PostgreSQL schema ${schema.schema}`);
    }
    const port = await freePort();
    const entries = MARKET_PROCESSES > 0 ? MARKET_PROCESSES : POOL > 0 || NODES > 0 ? PAIRS.length : 0;
    const marketSetting = entries > 0 ? marketProcessesSetting(entries, PAIRS.map((p) => `${p.base}_USDT`)) : undefined;
    const busEnv: Record<string, string> = {
      ...(EDGES > 0 || FRONTS > 0 || marketSetting ? { REALTIME_BUS_URL: BUS.url, REALTIME_BUS_PREFIX: BUS.prefix } : {}),
      ...(marketSetting ? { MARKET_PROCESSES: marketSetting } : {}),
    };
    server = await startServerProcess({ dataDir, port, databaseUrl: schema?.url, env: { ...(FRONTS > 0 ? { TRUSTED_PROXIES: '127.0.0.1' } : {}), MARKET_MAKERS: process.env.BENCH_MARKET_MAKERS ?? 'on', ...busEnv, ...(databaseUrl ? {} : statementStatsEnv), ...(NODES > 0 ? NODE_ENV : {}) } });
    tReady = Date.now();
    const pid = childPid('scripts/serve.mjs');
    if (pid) serverPids.add(pid);
    console.log(`  server up in ${((Date.now() - t0) / 1000).toFixed(1)} s (pid ${pid ?? '?'}), market makers ${process.env.BENCH_MARKET_MAKERS ?? 'on'}`);
    if (NODES > 0 && marketSetting) {
      // The first node runs every entry; the others join, are handed their share and serve the load
      // and the sockets themselves (counted as fronts below).
      const t = Date.now();
      const nodes = await startNodes(NODES - 1, { databaseUrl: schema!.url, busUrl: BUS.url, busPrefix: BUS.prefix, marketProcesses: marketSetting, marketMakers: process.env.BENCH_MARKET_MAKERS ?? 'on' });
      fronts = nodes;
      for (const node of nodes) children.add(node.child);
      await poolSettled([server.output, ...nodes.map((node) => node.output)], entriesOf(marketSetting));
      console.log(`  ${NODES} cluster node(s) up in ${((Date.now() - t) / 1000).toFixed(1)} s, sharing ${marketSetting}; the load and the subscribers go to every node's front`);
    } else if (marketSetting) {
      const t = Date.now();
      const processEnv = { databaseUrl: schema?.url ?? embeddedDatabaseUrl(join(dataDir, 'postgres')), busUrl: BUS.url, busPrefix: BUS.prefix, marketMakers: process.env.BENCH_MARKET_MAKERS ?? 'on' };
      marketProcesses = POOL > 0 ? await startPool(POOL, marketSetting, processEnv) : await startMarketProcesses(marketSetting, processEnv);
      for (const m of marketProcesses) children.add(m.child);
      console.log(`  ${marketProcesses.length} market process(es)${POOL > 0 ? ', identical, as a pool,' : ''} up in ${((Date.now() - t) / 1000).toFixed(1)} s: ${marketSetting}`);
    }

    const t1 = Date.now();
    const traders = await registerTraders(server.url, dataDir, TRADERS);
    // The bench's own server: its /metrics gives each step's garbage collection (gcTimes.ts).
    const serverUrl = server.url;
    console.log(`  ${traders.length} traders registered and funded in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
    const prober = traders[0]!;
    const loaders = traders.slice(1).map((t) => ({ ...t, open: [] as number[] }));

    const prices = await referencePrices(server.url);
    const mid: Record<string, number> = { BTC: prices.BTC!, ETH: prices.ETH! };
    tickSocket = io(server.url, { transports: ['websocket'], forceNew: true, reconnection: false });
    tickSocket.on('connect', () => {
      for (const p of PAIRS) tickSocket!.emit('subscribe', `${p.base.toLowerCase()}_usdt_tick`);
    });
    tickSocket.on('data', (...ticks: Array<{ pair?: string; close?: string }>) => {
      for (const m of ticks) {
        const base = m.pair?.split('_')[0];
        if (base && m.close && base in mid) mid[base] = Number(m.close);
      }
    });

    if (EDGES > 0) {
      edges = await startEdges(EDGES, { databaseUrl: schema?.url ?? embeddedDatabaseUrl(join(dataDir, 'postgres')), busUrl: BUS.url, busPrefix: BUS.prefix, marketProcesses: marketSetting });
      for (const edge of edges) children.add(edge.child);
      console.log(`  ${edges.length} realtime edge(s) up (${edges.map((e) => e.url).join(', ')}), bus ${BUS.url}; the subscribers connect to them`);
    }
    if (FRONTS > 0) {
      fronts = await startFronts(FRONTS, { databaseUrl: schema?.url ?? embeddedDatabaseUrl(join(dataDir, 'postgres')), busUrl: BUS.url, busPrefix: BUS.prefix, marketProcesses: marketSetting });
      for (const front of fronts) children.add(front.child);
      console.log(`  ${fronts.length} HTTP front(s) up (${fronts.map((f) => f.url).join(', ')}); the load goes to them`);
    }
    // BENCH_STAGES=1: every process of the server's that runs markets or pushes, asked around the push steps.
    const stageSources: StageSource[] = [
      ...(pid ? [{ label: 'server', pid, output: server.output }] : []),
      ...[...marketProcesses.map((c, i) => ({ c, label: `market process ${i + 1}` })), ...edges.map((c, i) => ({ c, label: `edge ${i + 1}` })), ...fronts.map((c, i) => ({ c, label: `front ${i + 1}` }))].map(({ c, label }) => ({ label, pid: c.child.pid!, output: printedBy(c.child) })),
    ];
    // Cluster nodes: the first node's front serves like the others'.
    const nodeFronts = NODES > 0 ? [server.url, ...fronts.map((f) => f.url)] : undefined;
    const socketServers = nodeFronts ?? (edges.length > 0 ? edges : fronts).map((e) => e.url);
    subscribers = await startSubscribers(server.url, traders.slice(1, 1 + USER_CHANNELS).map((t) => t.token), socketServers);

    // Where the orders go: the server, or the fronts (the nodes' fronts) round-robin, each with its share of the connections.
    const loadPorts = nodeFronts ? nodeFronts.map((url) => Number(new URL(url).port)) : fronts.length > 0 ? fronts.map((f) => Number(new URL(f.url).port)) : [port];
    const loadTargets = loadPorts.map((p) => ({ port: p, agent: loadClient(p, Math.ceil(CONNECTIONS / loadPorts.length)) }));
    let nextTarget = 0;
    const target = () => loadTargets[nextTarget++ % loadTargets.length]!;
    const platAgent = keepAlive(4);
    const probeAgent = keepAlive(4);
    agents.push(...loadTargets.map((t) => t.agent), platAgent, probeAgent);
    const probePort = loadPorts[0]!;
    const platConfig = () => post(platAgent, port, '/api/plat_config', {}).then((r) => {
      if (r.status !== 200) throw new Error(`HTTP ${r.status}`);
    });
    // The reads timed under load, from a process of their own (readProber.ts): `plat_config`, and a
    // trader's open orders (authenticated, reads the database).
    const reads = await startReadProber({ port, token: prober.token, currentPath: SPOT_PATHS.current });
    // The database's CPU: the embedded server's own processes (not every "postgres" on a machine
    // shared with other test databases); by name for DATABASE_URL.
    const dbCpuSeconds = () => postmasterCpuSeconds(dataDir) ?? cpuSecondsOfProcesses('postgres');

    if (!databaseUrl) await resetStatementStats(dataDir);
    // Idle: market makers only.
    {
      const probes = reads.every('plat_config', PLAT_EVERY_MS);
      const db0 = dbCpuSeconds();
      const t0 = now();
      const { result, cpu, waiting } = await withCpu(pid, async () => {
        await new Promise((r) => setTimeout(r, 3000));
        return probes.stop();
      });
      const dbIdle = (dbCpuSeconds() - db0) / ((now() - t0) / 1000);
      console.log(`  idle (market makers only): server CPU ${cpu.toFixed(2)}, db CPU ${dbIdle.toFixed(2)}, run-queue wait ${waiting.toFixed(2)}, plat_config ${summary(result)}`);
    }

    /** After a step that fell behind, the server still works off what the client gave up on: wait for it (≤ 15 s). */
    const settle = async () => {
      const until = Date.now() + 15_000;
      while (Date.now() < until) {
        const t = now();
        const fast = await platConfig().then(() => now() - t < 250, () => false);
        if (fast) return;
        await new Promise((r) => setTimeout(r, 500));
      }
      console.log('    (server still slow 15 s after the step)');
    };
    const random = Math.random;
    let placedOk = 0; // accepted orders (a place answered 200), the denominator of CPU ms per order
    const placeOrCancel = async (): Promise<Outcome> => {
      const trader = loaders[Math.floor(random() * loaders.length)]!;
      if (random() < CANCEL_SHARE && trader.open.length > 0) {
        const id = trader.open.splice(Math.floor(random() * trader.open.length), 1)[0]!;
        const to = target();
        const reply = await post(to.agent, to.port, SPOT_PATHS.cancel, { id }, { token: trader.token });
        return judge(reply.status, reply.body);
      }
      const pair = random() < PAIRS[0].share ? PAIRS[0] : PAIRS[1];
      const side = random() < 0.5 ? 'buy' : 'sell';
      // ±0.3 % around the last tick: about half the orders cross the other side and trade.
      const price = (mid[pair.base]! * (1 + (random() - 0.5) * 0.006)).toFixed(2);
      const quantity = ((1 + Math.floor(random() * pair.maxLots)) * pair.lot).toFixed(pair.lotDecimals);
      const to = target();
      const reply = await post(to.agent, to.port, SPOT_PATHS.place, { symbol: pair.symbol, side, type: 'limit', price, quantity }, { token: trader.token, 'idempotency-key': newKey() });
      const outcome = judge(reply.status, reply.body);
      if (outcome.kind === 'ok') {
        placedOk += 1;
        const order = (JSON.parse(reply.body) as { data: { id: number; status: number } }).data;
        if (order.status === 1 || order.status === 2) trader.open.push(order.id);
      }
      return outcome;
    };

    let probeCount = 0;
    const sendProbe = async (probes: Probe[]) => {
      const k = probeCount++ % 81;
      const units = (1 + Math.floor(k / 9)) * 10 + (1 + (k % 9)); // 11..99 minus multiples of 10: 5th decimal never 0
      const side = probeCount % 2 === 0 ? 'buy' : 'sell';
      const price = (mid.BTC! * (side === 'buy' ? 1.01 : 0.99)).toFixed(2);
      const probe: Probe = { units, side, sentAt: now() };
      probes.push(probe);
      const reply = await post(probeAgent, probePort, SPOT_PATHS.place, { symbol: PROBE.symbol, side, type: 'limit', price, quantity: (units / 10 ** PROBE.decimals).toFixed(PROBE.decimals) }, { token: prober.token, 'idempotency-key': newKey() });
      if (reply.status !== 200) return;
      probe.answeredAt = now();
      const answer = JSON.parse(reply.body) as { code: number; data?: { filled: string; avg_price: string } };
      if (answer.code === 200 && answer.data) {
        probe.avgPrice = answer.data.avg_price;
        probe.filled = Math.round(Number(answer.data.filled) * 10 ** PROBE.decimals);
      }
    };

    // One order at a time on one connection: the latency of an order when nothing queues (≤ 3 s, ≤ 200 orders).
    {
      const latencies: number[] = [];
      const { cpu, waiting, cpuSeconds } = await withCpu(pid, async () => {
        const until = now() + 3000;
        while (now() < until && latencies.length < 200) {
          const t = now();
          const outcome = await placeOrCancel().catch((e): Outcome => ({ kind: 'error', msg: String(e) }));
          latencies.push(outcome.kind === 'error' ? Infinity : now() - t);
        }
      });
      latencies.sort((a, b) => a - b);
      console.log(`  one at a time (closed loop, 1 connection): ${(latencies.length / 3).toFixed(0)} orders/s, latency ${summary(latencies)}, server CPU ${cpu.toFixed(2)} (${((cpuSeconds * 1000) / latencies.length).toFixed(0)} ms per order), run-queue wait ${waiting.toFixed(2)}`);
      await settle();
    }

    // Warm-up, untimed: a freshly started server compiles its hot paths during the first seconds
    // of load (V8's compiler threads took a tenth of the machine then), which fell on whichever
    // step came first and moved its figure from run to run.
    {
      const warm = await openLoop(WARM_UP.rate, WARM_UP.seconds, placeOrCancel);
      console.log(`  (warm-up: ${WARM_UP.rate}/s offered for ${WARM_UP.seconds} s, ${warm.achieved.toFixed(0)}/s answered; not part of the ramp)`);
      await settle();
    }
    const pushResults: string[] = [];
    let firstFailure: string | undefined;
    const ran = new Set<number>();
    /**
     * Before each step, the load's resting orders are cancelled (untimed), so every step's traders
     * have their funds back: with orders left resting from step to step, a growing share of a later
     * step's orders was refused for insufficient balance (up to 9 % at 2,000/s), cheaper than a real
     * order, which flattered the higher rates.
     */
    const releaseFunds = async () => {
      const cancels = loaders.flatMap((trader) => trader.open.splice(0).map((id) => ({ trader, id })));
      let next = 0;
      const worker = async () => {
        while (next < cancels.length) {
          const { trader, id } = cancels[next++]!;
          const to = target();
          await post(to.agent, to.port, SPOT_PATHS.cancel, { id }, { token: trader.token }).catch(() => undefined);
        }
      };
      await Promise.all(Array.from({ length: 16 }, worker));
    };
    /** Each step's figures, printed as one JSON line at the end for bench:cluster (BENCH_RESULT_JSON). */
    const figures: Array<{ rate: number; achieved: number; sustained: boolean; server: number; markets: number; edges: number; fronts: number; db: number }> = [];
    const step = async (rate: number) => {
      ran.add(rate);
      await releaseFunds();
      const before = await subscribers!.ask<{ trades: number; frames: number; user: number; connected: number }>('counts');
      await subscribers!.ask('arrivals'); // clears
      const plat = reads.every('plat_config', PLAT_EVERY_MS);
      const current = reads.every('orders_current', PLAT_EVERY_MS);
      const placed0 = placedOk;
      const probes: Probe[] = [];
      const probeSends = new Set<Promise<void>>();
      const probeTimer = PUSH_RATES.has(rate)
        ? setInterval(() => {
            const p: Promise<void> = sendProbe(probes)
              .catch(() => undefined)
              .finally(() => probeSends.delete(p));
            probeSends.add(p);
          }, PROBE_EVERY_MS)
        : undefined;
      if (STAGES && probeTimer) await askStages(stageSources); // starts them over
      const tStep = now();
      // The rest of the machine over the step: the database's processes, and this client with its subscribers.
      const others = () => ({
        db: dbCpuSeconds(),
        client: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6 + cpuSeconds(subscribers!.child.pid!) + cpuSeconds(reads.child.pid!),
        edges: edges.reduce((sum, e) => sum + cpuSeconds(e.child.pid!), 0),
        markets: marketProcesses.reduce((sum, m) => sum + cpuSeconds(m.child.pid!), 0),
        fronts: fronts.reduce((sum, f) => sum + cpuSeconds(f.child.pid!), 0),
      });
      const gc0 = await gcCounts(serverUrl);
      const others0 = others();
      const server0 = pid ? cpuSeconds(pid) : NaN;
      const { result, cpu, waiting, cpuSeconds: serverSeconds } = await withCpu(pid, () => openLoop(rate, STEP_SECONDS, placeOrCancel));
      const others1 = others();
      const loadSeconds = (now() - tStep) / 1000;
      if (probeTimer) clearInterval(probeTimer);
      await Promise.all([...probeSends]);
      const platLatencies = await plat.stop();
      const readLatencies = await current.stop();
      await new Promise((r) => setTimeout(r, 500)); // the last pushes
      const after = await subscribers!.ask<{ trades: number; frames: number; user: number; connected: number }>('counts');
      // CPU per accepted order, each process from its own /proc counters over the step (the makers'
      // requotes and the pushes included: what an order costs the whole exchange); the client apart.
      const others2 = others();
      const server2 = pid ? cpuSeconds(pid) : NaN;
      const accepted = placedOk - placed0;
      const stepSeconds = (now() - tStep) / 1000;
      const gc = gcText(gc0, await gcCounts(serverUrl), stepSeconds);
      const platText = `${ms(percentile(platLatencies, 50))}/${ms(percentile(platLatencies, 99))}/${ms(platLatencies.at(-1) ?? NaN)}`;
      const perAnswer = result.ok + result.refused > 0 ? ((serverSeconds * 1000) / (result.ok + result.refused)).toFixed(1) : '-';
      const share = (a: number, b: number) => ((b - a) / loadSeconds).toFixed(2);
      figures.push({ rate, achieved: result.achieved, sustained: result.sustained, server: cpu, markets: Number(share(others0.markets, others1.markets)), edges: Number(share(others0.edges, others1.edges)), fronts: Number(share(others0.fronts, others1.fronts)), db: Number(share(others0.db, others1.db)) });
      console.log(
        `${stepLine(result, cpu, waiting)} ${pad(platText, 27)} ${pad(((after.trades - before.trades) / stepSeconds).toFixed(0), 12)} ${pad(((after.frames - before.frames) / stepSeconds).toFixed(0), 8)} ${pad(perAnswer, 11)} ${pad(share(others0.db, others1.db), 6)} ${pad(share(others0.client, others1.client), 10)}` +
          (edges.length > 0 ? ` ${pad(share(others0.edges, others1.edges), 9)}` : '') +
          (marketProcesses.length > 0 ? ` ${pad(share(others0.markets, others1.markets), 11)}` : '') +
          (fronts.length > 0 ? ` ${pad(share(others0.fronts, others1.fronts), 10)}` : '') +
          (result.sustained ? '' : '  not sustained') +
          (after.connected < SUBSCRIBERS ? `  (${after.connected} subscribers connected)` : ''),
      );
      const perOrder = (seconds: number) => (accepted > 0 && Number.isFinite(seconds) ? ((seconds * 1000) / accepted).toFixed(3) : '-');
      const serverPer = perOrder(server2 - server0);
      const dbPer = perOrder(others2.db - others0.db);
      const scaleOutPer = edges.length + marketProcesses.length + fronts.length > 0 ? `, edges+markets+fronts ${perOrder(others2.edges - others0.edges + others2.markets - others0.markets + others2.fronts - others0.fronts)}` : '';
      console.log(
        `    CPU ms per accepted order (${accepted} accepted): server ${serverPer}, database ${dbPer}, server+database ${perOrder(server2 - server0 + others2.db - others0.db)}${scaleOutPer}; load generator ${perOrder(others2.client - others0.client)} (apart);` +
          ` plat_config p99 ${ms(percentile(platLatencies, 99))} ms, orders_current p50/p99/max ${ms(percentile(readLatencies, 50))}/${ms(percentile(readLatencies, 99))}/${ms(readLatencies.at(-1) ?? NaN)} ms; server ${gc}`,
      );
      if (result.errorSamples.length > 0) {
        console.log(`    first errors: ${result.errorSamples.join(' | ')}`);
        firstFailure ??= `at ${rate}/s: ${result.errorSamples[0]}`;
      }
      if (result.refused > 0) console.log(`    refusals: ${[...result.refusalSamples].map(([m, n]) => `${n}× "${m}"`).join(', ')}`);
      if (probeTimer) {
        const { arrivals } = await subscribers!.ask<{ arrivals: ProbeArrival[] }>('arrivals');
        pushResults.push(`  ${rate}/s offered: ${pushLatency(probes, arrivals)}`);
        if (STAGES) for (const l of await askStages(stageSources)) pushResults.push(`      stages (ms, p50/p99/max), ${l}`);
      }
      await settle();
      return { ...result, cpu };
    };
    // CPU per durable order per process, at a fixed number in flight (BENCH_CPU_ORDERS=0 skips it).
    for (let run = 0; run < CPU_RUNS && CPU_ORDERS > 0; run++) {
      const counters = { server: () => (pid ? cpuSeconds(pid) : NaN), database: dbCpuSeconds, databaseUsage: () => (databaseUrl ? undefined : databaseUsage(dataDir)), client: () => process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6 + cpuSeconds(subscribers!.child.pid!) + cpuSeconds(reads.child.pid!) };
      await releaseFunds();
      const line = await cpuPerOrder({ inFlight: CPU_IN_FLIGHT, orders: CPU_ORDERS, maxSeconds: 40, send: placeOrCancel, accepted: () => placedOk, counters, reads: { plat_config: () => reads.every('plat_config', PLAT_EVERY_MS), orders_current: () => reads.every('orders_current', PLAT_EVERY_MS) }, gc: () => gcCounts(serverUrl) });
      console.log(`  ${line}`);
      await settle();
    }
    if (RATES.length > 0) {
      console.log(`\n  place/cancel load: limit orders ±0.3 % around the last tick on ${PAIRS.map((p) => `${p.symbol} ${p.share * 100}%`).join(', ')}, ${CANCEL_SHARE * 100}% cancels, ${loaders.length} traders, ${CONNECTIONS} keep-alive connections (${loadClientKind} client), ${STEP_SECONDS} s steps`);
      // CPU ms/answer: the server's CPU over the step and its drain ÷ orders and cancels answered (makers included in the CPU).
      console.log(`${stepHeader} ${pad('plat_config p50/p99/max ms', 27)} ${pad('trade msgs/s', 12)} ${pad('frames/s', 8)} ${pad('CPU ms/ans', 11)} ${pad('db CPU', 6)} ${pad('client CPU', 10)}${edges.length > 0 ? ` ${pad('edges CPU', 9)}` : ''}${marketProcesses.length > 0 ? ` ${pad('markets CPU', 11)}` : ''}${fronts.length > 0 ? ` ${pad('fronts CPU', 10)}` : ''}`);
    }
    const best = await ramp(RATES, step, timeLeft);
    // The push latencies are wanted at 200 and 500 offered even when the ramp stopped below them.
    for (const rate of RATES.length > 0 ? PUSH_RATES : []) {
      if (ran.has(rate)) continue;
      if (timeLeft() < (STEP_SECONDS + 8) * 1000) break;
      console.log(`  (${rate}/s run for the push latency, above the ramp's stop)`);
      await step(rate);
    }
    console.log(`\n  max sustained place/cancel rate (${label}): ${best} orders/s (achieved ≥ ${SUSTAIN.share * 100}% of offered, p99 < ${SUSTAIN.p99Ms} ms, errors ≤ 1%)`);
    console.log(`  ratio to plain fastify (${plain.rate}/s): ${plain.rate > 0 ? (best / plain.rate).toFixed(3) : '-'}`);
    if (process.env.BENCH_RESULT_JSON) console.log(`BENCH-RESULT ${JSON.stringify({ maxSustained: best, steps: figures })}`);
    console.log(`  order → trades-channel push latency (probe order sent → subscriber receives its trade):`);
    for (const r of pushResults) console.log(r);
    if (!databaseUrl) await printStatementStats(dataDir, 25, placedOk);
    const output = server.output().trim();
    if (output) {
      const lines = output.split('\n');
      console.log(`  server printed ${lines.length} lines; the first:`);
      for (const l of lines.slice(0, 15)) console.log(`    | ${l.slice(0, 400)}`);
    } else console.log(`  server printed nothing at LOG_LEVEL=warn`);
    if (firstFailure) console.log(`  first client-side failure ${firstFailure}`);
  } finally {
    tickSocket?.close();
    for (const a of agents) closeClient(a);
    if (subscribers) {
      subscribers.child.send({ type: 'stop' });
      children.delete(subscribers.child);
    }
    for (const edge of [...edges, ...marketProcesses, ...(NODES > 0 ? fronts : [])]) {
      edge.child.kill('SIGTERM');
      children.delete(edge.child);
    }
    if (server) {
      const stopped = await Promise.race([server.stop().then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 15_000))]);
      if (!stopped) {
        console.log('  server did not stop within 15 s of SIGTERM: killed');
        await server.crash();
      }
      serverPids.clear();
    }
    await schema?.drop();
    // BENCH_KEEP=1 keeps the data directory (its postgres.log holds what EMBEDDED_PG_SETTINGS' auto_explain wrote).
    if (process.env.BENCH_KEEP !== '1') rmSync(dataDir, { recursive: true, force: true });
    console.log(`  (${label}: ${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  }
}
