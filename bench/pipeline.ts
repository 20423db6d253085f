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
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { tradeChannel } from '../domain/market.js';
import { SPOT_PATHS } from '../domain/spotOrders.js';
import { newKey } from '../tests/system/client.js';
import { startServerProcess, type ServerProcess } from '../tests/system/serverProcess.js';
import { fundedTraders, referencePrices } from '../tests/system/traders.js';
import type { Trader } from '../tests/system/workload.js';
import { createIsolatedSchema, type IsolatedSchema } from '../tests/server/testDb.js';
import { embeddedDatabaseUrl } from '../server/kernel/db/embeddedPostgres.js';
import { marketProcessesSetting, startEdges, startFronts, startMarketProcesses, type Child } from './pipeline/scaleOut.js';
import type { ProbeArrival } from './pipeline/subscribers.js';
import { printStatementStats, resetStatementStats, statementStatsEnv } from './pipeline/statementStats.js';
import { askStages, printedBy, STAGES, type StageSource } from './pipeline/stageTimes.js';
import { childPid, closeClient, judge, pad, stepHeader, stepLine, cpuSecondsOfProcesses, cpuSeconds, freePort, keepAlive, loadClient, loadClientKind, ms, now, openLoop, percentile, post, probeEvery, SUSTAIN, withCpu, type LoadClient, type Outcome, type StepResult } from './pipeline/load.js';

// 20: /api/send_code takes 20 per address per minute, and each registration hashes two passwords
// (scrypt, ~50 ms each on a quiet machine). BENCH_TRADERS=60 registers the rest from 127.0.0.2, ….
const TRADERS = Number(process.env.BENCH_TRADERS ?? 20);
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBER_COUNT ?? 500);
const USER_CHANNELS = 40; // the first sockets also follow a trader's private `user` channel
// BENCH_RATES="200,500" runs only those steps (diagnostic runs; the table's figures use the full ramp).
const RATES = process.env.BENCH_RATES ? process.env.BENCH_RATES.split(',').map(Number) : [25, 50, 100, 200, 500, 1000, 1500, 2000, 3000, 4000, 8000];
const PLAIN_RATES = [250, 500, 1000, 2000, 4000, 8000, 16000];
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 5);
const WARM_UP = { rate: 500, seconds: 5 };
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64); // keep-alive HTTP connections of the load
const PUSH_RATES = new Set([200, 500]);
const PROBE_EVERY_MS = 100;
const PLAT_EVERY_MS = 100;
const BUDGET_MS = 200_000; // per database, from the moment the server answers (its start is bounded by the helper: 120 s)
const CANCEL_SHARE = 0.15;
// BENCH_EDGES=N: the subscribers connect to N realtime edges fed over Redis (REALTIME_BUS_URL,
// default the local one) instead of to the server (docs/ARCHITECTURE.md "Scale-out: realtime edges").
const EDGES = Number(process.env.BENCH_EDGES ?? 0);
// BENCH_MARKET_PROCESSES=N: the load's markets run in N market processes (round-robin), the server
// sends them the orders over the same bus (docs/ARCHITECTURE.md "Scale-out: market processes").
const MARKET_PROCESSES = Number(process.env.BENCH_MARKET_PROCESSES ?? 0);
// BENCH_FRONTS=N: the load (orders, cancels, probes) goes to N HTTP fronts, round-robin, which send
// the orders to the markets' processes (the server's own markets on its bus) and forward the rest
// to the server; without edges the subscribers connect to the fronts (docs/ARCHITECTURE.md
// "Scale-out: HTTP fronts"). plat_config still asks the server itself.
const FRONTS = Number(process.env.BENCH_FRONTS ?? 0);
const BUS = { url: process.env.REALTIME_BUS_URL || 'redis://127.0.0.1:6379', prefix: `openex-bench:${process.pid}` };

/** BTC_USDT carries the probes (amount precision 5): load quantities have 4 decimals, probes 5. */
const PAIRS = [
  { symbol: 'BTC_USDT', base: 'BTC', share: 0.7, lot: 0.0001, lotDecimals: 4, maxLots: 10 },
  { symbol: 'ETH_USDT', base: 'ETH', share: 0.3, lot: 0.001, lotDecimals: 3, maxLots: 20 },
] as const;
const PROBE = { symbol: 'BTC_USDT', decimals: 5 };
const channels = PAIRS.map((p) => tradeChannel(p.base, 'USDT'));

const children = new Set<ChildProcess>();
const serverPids = new Set<number>();
function killChildren(): void {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const pid of serverPids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}
// Whatever happens, the run ends by itself: two databases × 4 min plus the ceiling and setup.
const watchdog = setTimeout(() => {
  console.error('bench:pipeline: watchdog fired (11 min), killing children');
  killChildren();
  process.exit(2);
}, 11 * 60_000);
watchdog.unref();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killChildren();
    process.exit(130);
  });
}

const summary = (sorted: number[]) => `p50 ${ms(percentile(sorted, 50))} / p99 ${ms(percentile(sorted, 99))} / max ${ms(sorted.at(-1) ?? NaN)} ms (n=${sorted.length})`;

/** Steps up through `rates` until one does not sustain, then one step halfway back. */
async function ramp(rates: number[], run: (rate: number) => Promise<StepResult & { cpu: number }>, timeLeft: () => number): Promise<number> {
  let best = 0;
  let failed: number | undefined;
  for (const rate of rates) {
    if (timeLeft() < (STEP_SECONDS + 8) * 1000) {
      console.log(`  (stopping: time budget)`);
      return best;
    }
    const r = await run(rate);
    if (r.sustained) best = rate;
    else {
      failed = rate;
      break;
    }
  }
  if (failed !== undefined && best > 0 && timeLeft() >= (STEP_SECONDS + 8) * 1000) {
    const middle = Math.round((best + failed) / 2 / 50) * 50;
    if (middle > best && middle < failed) {
      const r = await run(middle);
      if (r.sustained) best = middle;
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// The ceiling of this machine: a plain fastify server, same client, same connections.

async function plainCeiling(): Promise<{ rate: number; cpuAtBest: number }> {
  const child = fork(join(import.meta.dirname, 'pipeline', 'plainServer.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  children.add(child);
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`plain server exited with ${code}`)));
  });
  const agent = loadClient(port, CONNECTIONS);
  const cpuByRate = new Map<number, number>();
  console.log(`\nplain fastify (trivial POST /api/echo answering JSON), ${CONNECTIONS} keep-alive connections (${loadClientKind} client), ${STEP_SECONDS} s steps`);
  console.log(stepHeader);
  const started = Date.now();
  const rate = await ramp(
    PLAIN_RATES,
    async (rate) => {
      const { result, cpu, waiting } = await withCpu(child.pid, () =>
        openLoop(rate, STEP_SECONDS, async (i): Promise<Outcome> => {
          const reply = await post(agent, port, '/api/echo', { n: i });
          return reply.status === 200 ? { kind: 'ok' } : { kind: 'error', msg: `HTTP ${reply.status}` };
        }),
      );
      cpuByRate.set(rate, cpu);
      console.log(stepLine(result, cpu, waiting) + (result.sustained ? '' : '  not sustained'));
      if (result.errorSamples.length > 0) console.log(`    first errors: ${result.errorSamples.join(' | ')}`);
      return { ...result, cpu };
    },
    () => 60_000 - (Date.now() - started),
  );
  closeClient(agent);
  child.kill('SIGTERM');
  console.log(`plain fastify ceiling: ${rate} requests/s sustained`);
  return { rate, cpuAtBest: cpuByRate.get(rate) ?? NaN };
}

// ---------------------------------------------------------------------------------------------
// Traders: registered and funded through the API by the system-test helper.

/**
 * /api/send_code allows 20 calls per client address per minute, so traders are registered 20 at a
 * time from 127.0.0.1, 127.0.0.2, … (all loopback: the requests still go to 127.0.0.1). The helper
 * uses the global fetch, whose connections come from the global dispatcher; a dispatcher of the
 * same class bound to another local address is put in its place while a group registers.
 */
async function registerTraders(url: string, dataDir: string, count: number): Promise<Trader[]> {
  const key = Symbol.for('undici.globalDispatcher.1');
  const global = globalThis as unknown as Record<symbol, { constructor: new (options: object) => unknown } | undefined>;
  await fetch(`${url}/api/pair_list`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  const original = global[key];
  const traders: Trader[] = [];
  for (let group = 0; traders.length < count; group++) {
    const n = Math.min(20, count - traders.length);
    if (group > 0) {
      if (!original) {
        console.log(`  (cannot bind another loopback address: ${traders.length} traders only)`);
        break;
      }
      global[key] = new original.constructor({ connect: { localAddress: `127.0.0.${group + 1}` } }) as typeof original;
    }
    try {
      traders.push(...(await fundedTraders(url, dataDir, n, `bench${group}t`)));
    } finally {
      global[key] = original;
    }
  }
  return traders;
}

// ---------------------------------------------------------------------------------------------
// One database.

interface Subscribers {
  child: ChildProcess;
  ask<T>(type: string): Promise<T>;
}

async function startSubscribers(url: string, tokens: string[], urls: string[] = []): Promise<Subscribers> {
  const child = fork(join(import.meta.dirname, 'pipeline', 'subscribers.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  children.add(child);
  const ask = <T>(type: string, send: object = { type }) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`subscribers: no answer to ${type}`)), 60_000);
      const onMessage = (m: { type: string; error?: string }) => {
        if (m.type === 'failed') {
          clearTimeout(timer);
          child.off('message', onMessage);
          reject(new Error(`subscribers: ${m.error}`));
        }
        if (m.type === type || (type === 'start' && m.type === 'ready')) {
          clearTimeout(timer);
          child.off('message', onMessage);
          resolve(m as T);
        }
      };
      child.on('message', onMessage);
      child.send(send);
    });
  const ready = await ask<{ connected: number; refused: number }>('start', { type: 'start', url, urls, clients: SUBSCRIBERS, channels, tokens, probeChannel: tradeChannel('BTC', 'USDT'), probeDecimals: PROBE.decimals });
  console.log(`  ${ready.connected} subscribers connected to ${channels.join(', ')} (${tokens.length} also on \`user\`), ${ready.refused} subscriptions refused`);
  return { child, ask: (type) => ask(type) };
}

interface Probe {
  units: number;
  side: 'buy' | 'sell';
  sentAt: number;
  /** When its HTTP answer came (after the batch was durable, the moment its trade was published). */
  answeredAt?: number;
  avgPrice?: string;
  filled?: number;
}

async function runDatabase(label: string, databaseUrl: string | undefined, plain: { rate: number }): Promise<void> {
  console.log(`\n=== ${label} ===`);
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
    const marketSetting = MARKET_PROCESSES > 0 ? marketProcessesSetting(MARKET_PROCESSES, PAIRS.map((p) => `${p.base}_USDT`)) : undefined;
    const busEnv: Record<string, string> = {
      ...(EDGES > 0 || FRONTS > 0 || marketSetting ? { REALTIME_BUS_URL: BUS.url, REALTIME_BUS_PREFIX: BUS.prefix } : {}),
      ...(marketSetting ? { MARKET_PROCESSES: marketSetting } : {}),
    };
    server = await startServerProcess({ dataDir, port, databaseUrl: schema?.url, env: { ...(FRONTS > 0 ? { TRUSTED_PROXIES: '127.0.0.1' } : {}), MARKET_MAKERS: process.env.BENCH_MARKET_MAKERS ?? 'on', ...busEnv, ...(databaseUrl ? {} : statementStatsEnv) } });
    tReady = Date.now();
    const pid = childPid('server/main.ts');
    if (pid) serverPids.add(pid);
    console.log(`  server up in ${((Date.now() - t0) / 1000).toFixed(1)} s (pid ${pid ?? '?'}), market makers ${process.env.BENCH_MARKET_MAKERS ?? 'on'}`);
    if (marketSetting) {
      const t = Date.now();
      marketProcesses = await startMarketProcesses(marketSetting, {
        databaseUrl: schema?.url ?? embeddedDatabaseUrl(join(dataDir, 'postgres')),
        busUrl: BUS.url,
        busPrefix: BUS.prefix,
        marketMakers: process.env.BENCH_MARKET_MAKERS ?? 'on',
      });
      for (const m of marketProcesses) children.add(m.child);
      console.log(`  ${marketProcesses.length} market process(es) up in ${((Date.now() - t) / 1000).toFixed(1)} s: ${marketSetting}`);
    }

    const t1 = Date.now();
    const traders = await registerTraders(server.url, dataDir, TRADERS);
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
      fronts = await startFronts(FRONTS, { databaseUrl: schema?.url ?? embeddedDatabaseUrl(join(dataDir, 'postgres')), busUrl: BUS.url, busPrefix: BUS.prefix, marketProcesses: marketSetting, primaryUrl: server.url });
      for (const front of fronts) children.add(front.child);
      console.log(`  ${fronts.length} HTTP front(s) up (${fronts.map((f) => f.url).join(', ')}); the load goes to them`);
    }
    // BENCH_STAGES=1: every process of the server's that runs markets or pushes, asked around the push steps.
    const stageSources: StageSource[] = [
      ...(pid ? [{ label: 'server', pid, output: server.output }] : []),
      ...[...marketProcesses.map((c, i) => ({ c, label: `market process ${i + 1}` })), ...edges.map((c, i) => ({ c, label: `edge ${i + 1}` })), ...fronts.map((c, i) => ({ c, label: `front ${i + 1}` }))].map(({ c, label }) => ({ label, pid: c.child.pid!, output: printedBy(c.child) })),
    ];
    const socketServers = edges.length > 0 ? edges : fronts;
    subscribers = await startSubscribers(server.url, traders.slice(1, 1 + USER_CHANNELS).map((t) => t.token), socketServers.map((e) => e.url));

    // Where the orders go: the server, or the fronts round-robin, each with its share of the connections.
    const loadPorts = fronts.length > 0 ? fronts.map((f) => Number(new URL(f.url).port)) : [port];
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

    if (!databaseUrl) await resetStatementStats(dataDir);
    // Idle: market makers only.
    {
      const probes = probeEvery(PLAT_EVERY_MS, platConfig);
      const db0 = cpuSecondsOfProcesses('postgres');
      const t0 = now();
      const { result, cpu, waiting } = await withCpu(pid, async () => {
        await new Promise((r) => setTimeout(r, 3000));
        return probes.stop();
      });
      const dbIdle = (cpuSecondsOfProcesses('postgres') - db0) / ((now() - t0) / 1000);
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
    console.log(`\n  place/cancel load: limit orders ±0.3 % around the last tick on ${PAIRS.map((p) => `${p.symbol} ${p.share * 100}%`).join(', ')}, ${CANCEL_SHARE * 100}% cancels, ${loaders.length} traders, ${CONNECTIONS} keep-alive connections (${loadClientKind} client), ${STEP_SECONDS} s steps`);
    // CPU ms/answer: the server's CPU over the step and its drain ÷ orders and cancels answered (makers included in the CPU).
    console.log(`${stepHeader} ${pad('plat_config p50/p99/max ms', 27)} ${pad('trade msgs/s', 12)} ${pad('frames/s', 8)} ${pad('CPU ms/ans', 11)} ${pad('db CPU', 6)} ${pad('client CPU', 10)}${edges.length > 0 ? ` ${pad('edges CPU', 9)}` : ''}${marketProcesses.length > 0 ? ` ${pad('markets CPU', 11)}` : ''}${fronts.length > 0 ? ` ${pad('fronts CPU', 10)}` : ''}`);
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
    const step = async (rate: number) => {
      ran.add(rate);
      await releaseFunds();
      const before = await subscribers!.ask<{ trades: number; frames: number; user: number; connected: number }>('counts');
      await subscribers!.ask('arrivals'); // clears
      const plat = probeEvery(PLAT_EVERY_MS, platConfig);
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
        db: cpuSecondsOfProcesses('postgres'),
        client: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6 + cpuSeconds(subscribers!.child.pid!),
        edges: edges.reduce((sum, e) => sum + cpuSeconds(e.child.pid!), 0),
        markets: marketProcesses.reduce((sum, m) => sum + cpuSeconds(m.child.pid!), 0),
        fronts: fronts.reduce((sum, f) => sum + cpuSeconds(f.child.pid!), 0),
      });
      const others0 = others();
      const { result, cpu, waiting, cpuSeconds: serverSeconds } = await withCpu(pid, () => openLoop(rate, STEP_SECONDS, placeOrCancel));
      const others1 = others();
      const loadSeconds = (now() - tStep) / 1000;
      if (probeTimer) clearInterval(probeTimer);
      await Promise.all([...probeSends]);
      const platLatencies = await plat.stop();
      await new Promise((r) => setTimeout(r, 500)); // the last pushes
      const after = await subscribers!.ask<{ trades: number; frames: number; user: number; connected: number }>('counts');
      const stepSeconds = (now() - tStep) / 1000;
      const platText = `${ms(percentile(platLatencies, 50))}/${ms(percentile(platLatencies, 99))}/${ms(platLatencies.at(-1) ?? NaN)}`;
      const perAnswer = result.ok + result.refused > 0 ? ((serverSeconds * 1000) / (result.ok + result.refused)).toFixed(1) : '-';
      const share = (a: number, b: number) => ((b - a) / loadSeconds).toFixed(2);
      console.log(
        `${stepLine(result, cpu, waiting)} ${pad(platText, 27)} ${pad(((after.trades - before.trades) / stepSeconds).toFixed(0), 12)} ${pad(((after.frames - before.frames) / stepSeconds).toFixed(0), 8)} ${pad(perAnswer, 11)} ${pad(share(others0.db, others1.db), 6)} ${pad(share(others0.client, others1.client), 10)}` +
          (edges.length > 0 ? ` ${pad(share(others0.edges, others1.edges), 9)}` : '') +
          (marketProcesses.length > 0 ? ` ${pad(share(others0.markets, others1.markets), 11)}` : '') +
          (fronts.length > 0 ? ` ${pad(share(others0.fronts, others1.fronts), 10)}` : '') +
          (result.sustained ? '' : '  not sustained') +
          (after.connected < SUBSCRIBERS ? `  (${after.connected} subscribers connected)` : ''),
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
    const best = await ramp(RATES, step, timeLeft);
    // The push latencies are wanted at 200 and 500 offered even when the ramp stopped below them.
    for (const rate of PUSH_RATES) {
      if (ran.has(rate)) continue;
      if (timeLeft() < (STEP_SECONDS + 8) * 1000) break;
      console.log(`  (${rate}/s run for the push latency, above the ramp's stop)`);
      await step(rate);
    }
    console.log(`\n  max sustained place/cancel rate (${label}): ${best} orders/s (achieved ≥ ${SUSTAIN.share * 100}% of offered, p99 < ${SUSTAIN.p99Ms} ms, errors ≤ 1%)`);
    console.log(`  ratio to plain fastify (${plain.rate}/s): ${plain.rate > 0 ? (best / plain.rate).toFixed(3) : '-'}`);
    console.log(`  order → trades-channel push latency (probe order sent → subscriber receives its trade):`);
    for (const r of pushResults) console.log(r);
    if (!databaseUrl) await printStatementStats(dataDir);
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
    for (const edge of [...edges, ...marketProcesses]) {
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

/**
 * A probe is a small crossing limit order (buy at +1 %, sell at −1 %) whose quantity has a non-zero
 * 5th decimal, which the load's orders never have; its answer gives the fill and the average price.
 * It is matched to the first trades-channel trade, received after it was sent, with the same
 * quantity, taker side and price. Probes that filled in more than one trade (or not at all) match
 * nothing and are counted as unmatched.
 */
function pushLatency(probes: Probe[], arrivals: ProbeArrival[]): string {
  const claimed = new Set<number>();
  const first: number[] = [];
  const last: number[] = [];
  // The two halves of the first subscriber's latency: the order's own path to its answer (queue,
  // batch, commits, the disk) and what the push took after it (the push interval, the writes).
  const answered: number[] = [];
  const afterAnswer: number[] = [];
  let unmatched = 0;
  for (const probe of probes) {
    const match = arrivals
      .filter((a) => !claimed.has(a.id) && a.units === probe.units && a.side === probe.side && a.first >= probe.sentAt && probe.filled === probe.units && Number(a.price) === Number(probe.avgPrice))
      .sort((a, b) => a.first - b.first)[0];
    if (!match) {
      unmatched += 1;
      continue;
    }
    claimed.add(match.id);
    first.push(match.first - probe.sentAt);
    if (probe.answeredAt !== undefined) {
      answered.push(probe.answeredAt - probe.sentAt);
      afterAnswer.push(match.first - probe.answeredAt);
    }
    if (match.sockets >= SUBSCRIBERS) last.push(match.last - probe.sentAt);
  }
  for (const list of [first, last, answered, afterAnswer]) list.sort((a, b) => a - b);
  return `first subscriber ${summary(first)}; all ${SUBSCRIBERS} subscribers ${summary(last)}; ${unmatched} of ${probes.length} probes unmatched\n      its order answered ${summary(answered)}; first subscriber after the answer ${summary(afterAnswer)}`;
}

// ---------------------------------------------------------------------------------------------

console.log(`bench:pipeline — node ${process.version}, ${(await import('node:os')).cpus().length} cores, load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')}`);
// BENCH_PLAIN=off skips the anchor (diagnostic runs; the ratio then prints '-').
const plain = process.env.BENCH_PLAIN === 'off' ? { rate: 0, cpuAtBest: 0 } : await plainCeiling();
// BENCH_EMBEDDED=off skips the embedded database (a diagnostic run of DATABASE_URL alone).
if (process.env.BENCH_EMBEDDED !== 'off') await runDatabase(process.env.EMBEDDED_DB === 'pglite' ? 'embedded database (PGlite)' : 'embedded database (PostgreSQL)', undefined, plain);
if (process.env.DATABASE_URL) await runDatabase('PostgreSQL', process.env.DATABASE_URL, plain);
else console.log('\n(DATABASE_URL not set: PostgreSQL run skipped)');
killChildren();
process.exit(0);
