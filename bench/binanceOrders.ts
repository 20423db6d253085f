/**
 * npm run bench:binance — what the Binance dialect (issue 36) costs beside the browser's route, in
 * one run against one real server (server/main.ts as a child process on its embedded database,
 * market makers on): the same traders place and cancel the same kind of spot limit orders, once
 * through POST /api/spot/order with the session token, once through POST /api/v3/order signed with
 * an API key (HMAC-SHA256 over the form body, as ccxt signs it), in alternating rounds so that a
 * noisy neighbour hurts both alike. Per route: orders answered per second at a fixed concurrency,
 * latency p50/p99, and the server's CPU per order (its process only, from /proc), then the ratio.
 *
 * BENCH_TRADERS (default 10), BENCH_CONCURRENCY (default 8), BENCH_ROUND_SECONDS (default 5),
 * BENCH_ROUNDS (default 2 per route).
 */
import { createHmac } from 'node:crypto';
import { Agent, request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_KEY_PATHS, type ApiKeyCreated } from '../domain/apiKeys.js';
import { SPOT_PATHS } from '../domain/spotOrders.js';
import { newKey } from '../tests/system/client.js';
import { startServerProcess } from '../tests/system/serverProcess.js';
import { fundedTraders, referencePrices } from '../tests/system/traders.js';
import { childPid, freePort, ms, now, percentile, withCpu } from './pipeline/load.js';

const TRADERS = Number(process.env.BENCH_TRADERS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

interface Keyed {
  agent: Agent;
  token: string;
  apiKey: string;
  secret: string;
  open: Array<number | string>;
}

type Route = 'browser' | 'binance';

/**
 * One call and its JSON answer, over `agent`'s keep-alive connections when given. Each trader calls
 * through an agent of its own bound to its own loopback address (127.0.0.<10 + i>), as ten bots call
 * from ten machines: the Binance dialect weighs every call per address as Binance does (6000 a
 * minute), which one shared address would reach within a minute at these rates (issue 49).
 */
function json<T>(url: string, init: { method: string; headers: Record<string, string>; body?: string }, agent?: Agent): Promise<{ status: number; body: T }> {
  const length = init.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(init.body)) };
  return new Promise((resolve, reject) => {
    const call = request(url, { method: init.method, headers: { ...init.headers, ...length }, ...(agent ? { agent } : {}) }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        try {
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as T });
        } catch (error) {
          reject(error as Error);
        }
      });
    });
    call.on('error', reject);
    call.end(init.body);
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'openex-bench-binance-'));
const port = await freePort();
console.log(`bench:binance — ${TRADERS} traders, ${CONCURRENCY} requests in flight, ${ROUNDS} × ${ROUND_SECONDS} s per route`);
const server = await startServerProcess({ dataDir, port, env: { MARKET_MAKERS: 'on' } });
const keyed: Keyed[] = [];
try {
  const pid = childPid('scripts/serve.mjs');
  const traders = await fundedTraders(server.url, dataDir, TRADERS, 'binance');
  for (const trader of traders) {
    const created = await json<{ code: number; msg: string; data: ApiKeyCreated }>(`${server.url}${API_KEY_PATHS.create}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: trader.token },
      body: JSON.stringify({ label: 'bench', permissions: ['read', 'trade'], ip_allowlist: [] }),
    });
    if (created.body.code !== 200) throw new Error(`key for ${trader.account}: ${created.body.msg}`);
    keyed.push({ agent: new Agent({ keepAlive: true, localAddress: `127.0.0.${10 + keyed.length}` }), token: trader.token, apiKey: created.body.data.api_key, secret: created.body.data.secret, open: [] });
  }
  const mid = (await referencePrices(server.url)).BTC ?? 60_000;
  console.log(`  server up, ${keyed.length} keys made, BTC mid ${mid}`);

  const signed = (trader: Keyed, params: Record<string, string>) => {
    const body = new URLSearchParams({ ...params, timestamp: String(Date.now()), recvWindow: '10000' }).toString();
    return `${body}&signature=${createHmac('sha256', trader.secret).update(body).digest('hex')}`;
  };

  /** One place (or, for a third of the calls with an order open, one cancel) through `route`. */
  async function once(route: Route): Promise<boolean> {
    const trader = keyed[Math.floor(Math.random() * keyed.length)]!;
    const cancel = Math.random() < 0.33 && trader.open.length > 0;
    const side = Math.random() < 0.5 ? 'buy' : 'sell';
    // ±0.3 % around the mid: about half cross and trade, as in bench:pipeline.
    const price = (mid * (1 + (Math.random() - 0.5) * 0.006)).toFixed(2);
    const quantity = (0.0001 * (1 + Math.floor(Math.random() * 5))).toFixed(4);
    if (route === 'browser') {
      if (cancel) {
        const id = trader.open.shift()!;
        const r = await json<{ code: number }>(`${server.url}${SPOT_PATHS.cancel}`, { method: 'POST', headers: { 'content-type': 'application/json', token: trader.token }, body: JSON.stringify({ id }) }, trader.agent);
        return r.status === 200;
      }
      const r = await json<{ code: number; data?: { id: number; status: number } }>(`${server.url}${SPOT_PATHS.place}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token: trader.token, 'idempotency-key': newKey() },
        body: JSON.stringify({ symbol: 'BTC_USDT', side, type: 'limit', price, quantity }),
      }, trader.agent);
      if (r.body.code === 200 && r.body.data && (r.body.data.status === 1 || r.body.data.status === 2)) trader.open.push(r.body.data.id);
      return r.status === 200 && r.body.code === 200;
    }
    const headers = { 'content-type': 'application/x-www-form-urlencoded', 'X-MBX-APIKEY': trader.apiKey };
    if (cancel) {
      const orderId = trader.open.shift()!;
      const r = await json(`${server.url}/api/v3/order?${signed(trader, { symbol: 'BTCUSDT', orderId: String(orderId) })}`, { method: 'DELETE', headers }, trader.agent);
      // An order filled meanwhile is Binance's -2011: answered, not failed; a 429 is a failure.
      return r.status === 200 || r.status === 400;
    }
    const r = await json<{ orderId?: number; status?: string }>(`${server.url}/api/v3/order`, {
      method: 'POST',
      headers,
      body: signed(trader, { symbol: 'BTCUSDT', side: side.toUpperCase(), type: 'LIMIT', timeInForce: 'GTC', price, quantity, newClientOrderId: newKey().slice(0, 36) }),
    }, trader.agent);
    if (r.status === 200 && r.body.orderId !== undefined && (r.body.status === 'NEW' || r.body.status === 'PARTIALLY_FILLED')) trader.open.push(r.body.orderId);
    return r.status === 200;
  }

  /** A closed loop of CONCURRENCY callers for ROUND_SECONDS through one route. */
  async function round(route: Route): Promise<{ latencies: number[]; failed: number; cpuSeconds: number; seconds: number }> {
    const latencies: number[] = [];
    let failed = 0;
    const t0 = now();
    const until = t0 + ROUND_SECONDS * 1000;
    const { cpuSeconds } = await withCpu(pid, () =>
      Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (now() < until) {
            const t = now();
            const ok = await once(route).catch(() => false);
            if (ok) latencies.push(now() - t);
            else failed++;
          }
        }),
      ),
    );
    return { latencies, failed, cpuSeconds, seconds: (now() - t0) / 1000 };
  }

  await round('browser'); // warm-up, untimed: the server compiles its hot paths in the first seconds
  await round('binance');
  const totals: Record<Route, { latencies: number[]; failed: number; cpuSeconds: number; seconds: number }> = {
    browser: { latencies: [], failed: 0, cpuSeconds: 0, seconds: 0 },
    binance: { latencies: [], failed: 0, cpuSeconds: 0, seconds: 0 },
  };
  for (let i = 0; i < ROUNDS; i++) {
    for (const route of ['browser', 'binance'] as const) {
      const r = await round(route);
      const total = totals[route];
      total.latencies.push(...r.latencies);
      total.failed += r.failed;
      total.cpuSeconds += r.cpuSeconds;
      total.seconds += r.seconds;
    }
  }
  const figures = (route: Route) => {
    const t = totals[route];
    const sorted = [...t.latencies].sort((a, b) => a - b);
    return { rate: t.latencies.length / t.seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99), cpuMs: (t.cpuSeconds * 1000) / Math.max(1, t.latencies.length), failed: t.failed };
  };
  const browser = figures('browser');
  const binance = figures('binance');
  for (const [name, f] of [
    ['POST /api/spot/order (session token, JSON)   ', browser],
    ['POST /api/v3/order (API key, HMAC-signed form)', binance],
  ] as const) {
    console.log(`  ${name}: ${f.rate.toFixed(0)} orders/s, latency p50 ${ms(f.p50)} ms, p99 ${ms(f.p99)} ms, server CPU ${f.cpuMs.toFixed(2)} ms per order, ${f.failed} failed`);
  }
  console.log(`  ratio Binance / browser: throughput ${(binance.rate / browser.rate).toFixed(2)}, server CPU per order ${(binance.cpuMs / browser.cpuMs).toFixed(2)}`);
} finally {
  for (const trader of keyed) trader.agent.destroy();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
