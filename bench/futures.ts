/**
 * bench:futures — what the futures order path carries through the whole server: the real server
 * (HTTP, the futures exchange's sequencer and batches, the embedded database or DATABASE_URL's, the
 * default market makers on), traders registered, verified and funded through the API, and an open
 * loop of futures orders at rising rates until one does not sustain (the spot bench's rule: ≥ 95 %
 * answered, p99 < 1 s, errors ≤ 1 %). Orders: limit orders of one lot (0.001 BTC) at random within
 * ±0.3 % of the mark on BTC_USDT (so about half cross and trade): half the traders open longs, the
 * other half shorts (one-way positions: a trader holding a long cannot open a short), at 50×; 15 %
 * cancels of the trader's own resting orders; each with its own Idempotency-Key. Before each step
 * the resting orders are cancelled and every position is closed at market, untimed, so each step
 * starts from the same margin. Prints, per step, the answers and their latency and
 * the server's and the database's CPU; BENCH_STAGES=1 adds the server's stage times.
 */
import { join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { FUTURES_PATHS, type FuturesConfig } from '../domain/futures/api.js';
import { WALLET_PATHS, type WalletBalance, type WalletNetwork } from '../domain/wallet.js';
import { embeddedDatabaseUrl } from '../server/kernel/platform/db/embeddedPostgres.js';
import { openPostgres } from '../server/kernel/platform/db/postgres.js';
import { mustCall, newKey } from '../tests/system/client.js';
import { startServerProcess } from '../tests/system/serverProcess.js';
import { fundedTraders } from '../tests/system/traders.js';
import { fund } from '../tests/system/fund.js';
import { waitUntil } from '../tests/system/waitUntil.js';
import { createIsolatedSchema } from '../tests/server/testDb.js';
import { askStages, STAGES } from './pipeline/stageTimes.js';
import { childPid, closeClient, cpuSecondsOfProcesses, freePort, judge, loadClient, openLoop, pad, post, stepHeader, stepLine, SUSTAIN, withCpu, type Outcome } from './pipeline/load.js';

const RATES = (process.env.BENCH_RATES ?? '50,100,200,300,500,750,1000,1500,2000').split(',').map(Number);
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 8);
const TRADERS = Number(process.env.BENCH_TRADERS ?? 16);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const CANCEL_SHARE = 0.15;
const SYMBOL = 'btc_usdt';
const LEVERAGE = 50;
const MARGIN = 24_000;


const dataDir = mkdtempSync(join(tmpdir(), 'openex-bench-futures-'));
const port = await freePort();
// With DATABASE_URL the server gets a fresh schema of its own, dropped after (never the database's own tables).
const schema = process.env.DATABASE_URL ? await createIsolatedSchema(process.env.DATABASE_URL) : undefined;
const server = await startServerProcess({ dataDir, port, databaseUrl: schema?.url, env: { MARKET_MAKERS: 'on' } });
const watchdog = setTimeout(() => {
  console.error('bench:futures: watchdog fired (8 min)');
  void server.crash().then(() => process.exit(2));
}, 8 * 60_000);
try {
  const pid = childPid('scripts/serve.mjs');
  console.log(`bench:futures — server up (pid ${pid ?? '?'}), ${schema ? `PostgreSQL, schema ${schema.schema}` : 'embedded database'}, market makers on`);
  const traders = await fundedTraders(server.url, dataDir, TRADERS, 'fbench');
  // Futures need a verified identity; the operator's review is not what this bench measures.
  const db = await openPostgres(schema?.url ?? embeddedDatabaseUrl(join(dataDir, 'postgres')));
  await db.query(`update app_user set name_status = 3 where account like 'fbench%'`);
  await db.close();
  // Margin enough that no step runs out of it (at 2,000/s, 4,000 USDT each did): 20,000 more each on the chain.
  const networks = await mustCall<WalletNetwork[]>(server.url, WALLET_PATHS.networks, { currency: 'USDT' }, { token: traders[0]!.token });
  const network = networks.find((n) => n.deposit_enabled)!.network;
  for (const t of traders) await fund(server.url, t, 'USDT', network, '20000');
  for (const t of traders) {
    await waitUntil(async () => {
      const balances = await mustCall<WalletBalance[]>(server.url, WALLET_PATHS.balances, { account: 'spot' }, { token: t.token });
      return Number(balances.find((b) => b.currency === 'USDT')?.available) >= 25_000;
    }, `the deposit of ${t.account}`);
    await mustCall(server.url, WALLET_PATHS.transfer, { currency: 'USDT', from: 'spot', to: 'contract', quantity: String(MARGIN) }, { token: t.token, key: newKey() });
    await mustCall(server.url, FUTURES_PATHS.leverage, { symbol: SYMBOL, leverage: LEVERAGE, margin_mode: 'cross' }, { token: t.token, key: newKey() });
  }
  console.log(`  ${traders.length} traders verified, ${MARGIN.toLocaleString('en')} USDT each in their futures account, ${LEVERAGE}× cross`);

  const agent = loadClient(port, CONNECTIONS);
  const open = traders.map(() => [] as number[]);
  // The mark exists once the price feed's first second has passed.
  let mark = NaN;
  for (let tries = 0; !(mark > 0) && tries < 100; tries++) {
    mark = Number((await mustCall<FuturesConfig>(server.url, FUTURES_PATHS.config, { symbol: SYMBOL })).mark_price);
    if (!(mark > 0)) await new Promise((r) => setTimeout(r, 200));
  }
  const markTimer = setInterval(() => {
    void mustCall<FuturesConfig>(server.url, FUTURES_PATHS.config, { symbol: SYMBOL }).then((c) => (Number(c.mark_price) > 0 ? (mark = Number(c.mark_price)) : undefined), () => undefined);
  }, 500);

  const send = async (i: number): Promise<Outcome> => {
    const t = i % traders.length;
    const token = traders[t]!.token;
    if (Math.random() < CANCEL_SHARE && open[t]!.length > 0) {
      const id = open[t]!.splice(Math.floor(Math.random() * open[t]!.length), 1)[0]!;
      const reply = await post(agent, port, FUTURES_PATHS.cancel, { order_id: id }, { token });
      return judge(reply.status, reply.body);
    }
    const price = (mark * (1 + (Math.random() - 0.5) * 0.006)).toFixed(1);
    const action = t % 2 === 0 ? 'open_long' : 'open_short';
    const reply = await post(agent, port, FUTURES_PATHS.order, { symbol: SYMBOL, action, type: 'limit', price, quantity: '0.001' }, { token, 'idempotency-key': newKey() });
    const outcome = judge(reply.status, reply.body);
    if (outcome.kind === 'ok') {
      const order = (JSON.parse(reply.body) as { data: { order: { id: number; status: number } } }).data.order;
      if (order.status === 0 || order.status === 1) open[t]!.push(order.id);
    }
    return outcome;
  };
  const releaseFunds = async () => {
    const all = open.flatMap((ids, t) => ids.splice(0).map((id) => ({ t, id })));
    await Promise.all(all.map(({ t, id }) => post(agent, port, FUTURES_PATHS.cancel, { order_id: id }, { token: traders[t]!.token }).catch(() => undefined)));
    await Promise.all(traders.map((t) => post(agent, port, FUTURES_PATHS.flashClose, { symbol: SYMBOL }, { token: t.token }).catch(() => undefined)));
  };
  // The refusals by kind (their first words), not by the amounts they name.
  const refusalKinds = (samples: Map<string, number>) => {
    const kinds = new Map<string, number>();
    for (const [m, n] of samples) {
      const kind = m.split(':')[0]!.slice(0, 60);
      kinds.set(kind, (kinds.get(kind) ?? 0) + n);
    }
    return [...kinds].map(([m, n]) => `${n}× "${m}"`).join(', ');
  };

  console.log(`\n  futures limit orders ±0.3 % around the mark on BTC_USDT, ${CANCEL_SHARE * 100}% cancels, ${traders.length} traders, ${CONNECTIONS} connections, ${STEP_SECONDS} s steps`);
  console.log(`${stepHeader} ${pad('db CPU', 6)}`);
  let best = 0;
  for (const rate of RATES) {
    await releaseFunds();
    if (STAGES && pid) await askStages([{ label: 'server', pid, output: server.output }]);
    const db0 = cpuSecondsOfProcesses('postgres');
    const t0 = Date.now();
    const { result, cpu, waiting } = await withCpu(pid, () => openLoop(rate, STEP_SECONDS, send));
    const dbCpu = (cpuSecondsOfProcesses('postgres') - db0) / ((Date.now() - t0) / 1000);
    console.log(
      `${stepLine(result, cpu, waiting)} ${pad(dbCpu.toFixed(2), 6)}` +
        (result.sustained ? '' : '  not sustained'),
    );
    if (result.refused > 0) console.log(`    refusals: ${refusalKinds(result.refusalSamples)}`);
    if (result.errorSamples.length > 0) console.log(`    first errors: ${result.errorSamples.join(' | ')}`);
    if (STAGES && pid) for (const l of await askStages([{ label: 'server', pid, output: server.output }])) console.log(`    stages (ms, p50/p99/max), ${l}`);
    if (!result.sustained) break;
    best = rate;
    // Let what the client gave up on drain before the next step.
    await new Promise((r) => setTimeout(r, 1500));
  }
  console.log(`\n  max sustained futures order rate: ${best} orders/s (achieved ≥ ${SUSTAIN.share * 100}% of offered, p99 < ${SUSTAIN.p99Ms} ms, errors ≤ 1%)`);
  clearInterval(markTimer);
  closeClient(agent);
} finally {
  clearTimeout(watchdog);
  await server.stop();
  await schema?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
