/** bench:pipeline's settings: the env switches bench/README.md lists, and the load's shape. */
import { tradeChannel } from '../../domain/market.js';

// 20: /api/send_code takes 20 per address per minute, and each registration hashes two passwords
// (scrypt, ~50 ms each on a quiet machine). BENCH_TRADERS=60 registers the rest from 127.0.0.2, ….
export const TRADERS = Number(process.env.BENCH_TRADERS ?? 20);
export const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBER_COUNT ?? 500);
export const USER_CHANNELS = 40; // the first sockets also follow a trader's private `user` channel
// BENCH_RATES="200,500" runs only those steps (diagnostic runs; the table's figures use the full ramp).
// BENCH_RATES=none: no ramp (only the CPU per order below).
export const RATES = process.env.BENCH_RATES === 'none' ? [] : process.env.BENCH_RATES ? process.env.BENCH_RATES.split(',').map(Number) : [25, 50, 100, 200, 500, 1000, 1500, 2000, 3000, 4000, 8000];
export const PLAIN_RATES = [250, 500, 1000, 2000, 4000, 8000, 16000];
export const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 5);
export const WARM_UP = { rate: 500, seconds: 5 };
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64); // keep-alive HTTP connections of the load
// CPU per durable order per process (cpuPerOrder.ts): BENCH_CPU_RUNS closed loops of BENCH_CPU_ORDERS
// requests, BENCH_CPU_IN_FLIGHT at a time (the held-out load's 32), before the ramp.
export const CPU_IN_FLIGHT = Number(process.env.BENCH_CPU_IN_FLIGHT ?? 32);
export const CPU_ORDERS = Number(process.env.BENCH_CPU_ORDERS ?? 6000);
export const CPU_RUNS = Number(process.env.BENCH_CPU_RUNS ?? 2);
export const PUSH_RATES = new Set([200, 500]);
export const PROBE_EVERY_MS = 100;
export const PLAT_EVERY_MS = 100;
// Per database, from the moment the server answers (its start is bounded by the helper: 120 s); the
// CPU-per-order loops (≤ 40 s each, cpuPerOrder.ts) come on top, so the ramp keeps its time.
export const BUDGET_MS = 200_000 + CPU_RUNS * (CPU_ORDERS > 0 ? 45_000 : 0);
export const CANCEL_SHARE = 0.15;
// BENCH_EDGES=N: the subscribers connect to N realtime edges fed over Redis (REALTIME_BUS_URL,
// default the local one) instead of to the server (docs/ARCHITECTURE.md "Scale-out: sockets on
// socket.io's Redis adapter").
export const EDGES = Number(process.env.BENCH_EDGES ?? 0);
// BENCH_MARKET_PROCESSES=N: the load's markets run in N market processes (round-robin), the server
// sends them the orders over the same bus (docs/ARCHITECTURE.md "Scale-out: market processes").
export const MARKET_PROCESSES = Number(process.env.BENCH_MARKET_PROCESSES ?? 0);
// BENCH_POOL=N: the load's markets are one entry each (m1=BTC_USDT;m2=ETH_USDT) and N identical
// market processes, without MARKET_PROCESS, share them as a pool (bench:cluster runs 1, 2 and 3).
export const POOL = Number(process.env.BENCH_POOL ?? 0);
// BENCH_FRONTS=N: the load (orders, cancels, probes) goes to N cluster nodes' web parts (ROLES=web),
// round-robin, which serve every route themselves and send the orders to the markets' processes;
// without edges the subscribers connect to them (docs/ARCHITECTURE.md "Scale-out: identical nodes";
// the figures in bench/README.md under "HTTP fronts" are the earlier shape's, decision 0035).
// plat_config still asks the bench's server itself.
export const FRONTS = Number(process.env.BENCH_FRONTS ?? 0);
// BENCH_NODES=N: N identical cluster nodes (`npm start` with DATABASE_URL and REALTIME_BUS_URL;
// docs/ARCHITECTURE.md "Scale-out: identical nodes") on DATABASE_URL's PostgreSQL, the load's
// markets one entry each of MARKET_PROCESSES (m1=BTC_USDT;m2=ETH_USDT), which their pools share. The
// first node is the bench's "server" (it takes the server's lease), the others are counted as fronts;
// the load and the subscribers are spread over every node's front (bench:cluster runs 1, 2 and 3).
export const NODES = Number(process.env.BENCH_NODES ?? 0);
export const BUS = { url: process.env.REALTIME_BUS_URL || 'redis://127.0.0.1:6379', prefix: `openex-bench:${process.pid}` };

/** BTC_USDT carries the probes (amount precision 5): load quantities have 4 decimals, probes 5. */
export const PAIRS = [
  { symbol: 'BTC_USDT', base: 'BTC', share: 0.7, lot: 0.0001, lotDecimals: 4, maxLots: 10 },
  { symbol: 'ETH_USDT', base: 'ETH', share: 0.3, lot: 0.001, lotDecimals: 3, maxLots: 20 },
] as const;
export const PROBE = { symbol: 'BTC_USDT', decimals: 5 };
export const channels = PAIRS.map((p) => tradeChannel(p.base, 'USDT'));
