import { createServer } from 'node:http';
import { readConfig } from './config.js';
import { answerHealth } from './kernel/http/health.js';
import { stopOnSignals } from './kernel/signals.js';
import { enableStageTimes } from './kernel/stageTimes.js';
import { joinMarketPool, startMarketProcess } from './startMarkets.js';

/**
 * `npm run start:markets`: a market process beside a server started with the same
 * REALTIME_BUS_URL, DATABASE_URL and MARKET_PROCESSES (docs/ARCHITECTURE.md "Scale-out: market
 * processes"); MARKET_PROCESS names which entry this one is; started again as the same entry, it
 * stands by until the running one is gone. Unset, the process joins the pool of identical ones and
 * runs its share of the entries (kernel/shards/entryPool.ts, "Scale-out: standbys and takeover").
 */
const config = readConfig();
if (config.stageTimes) enableStageTimes();
let running: { stop(): Promise<void> } | undefined;
let ready = () => false;
stopOnSignals(() => running);
// /healthz, /readyz (503 while standing by or starting) and /metrics, when METRICS_PORT asks: the
// process has no HTTP app of its own, so a plain server answers them from the first moment.
if (config.metricsPort !== undefined) {
  const health = createServer((request, response) => {
    if (!answerHealth(request, response, () => ready())) response.writeHead(404).end();
  });
  health.listen(config.metricsPort, config.host);
  health.unref();
}
// A write refused by the lease's fence (another process took the entry while this one was cut off):
// its books are stale, so it leaves at once; started again, it stands by.
const onLeaseLost = () => process.exit(75);
if (config.marketProcess) {
  const entry = await startMarketProcess(config, undefined, { onLeaseLost });
  running = entry;
  ready = () => true;
  console.log(`OpenEx market process ${entry.name} is up: ${entry.markets.join(', ')} — bus ${config.realtimeBus!.prefix}`);
} else {
  // No MARKET_PROCESS: a member of the pool of identical processes, running its share of the entries.
  const pool = await joinMarketPool(config, { onLeaseLost });
  running = pool;
  ready = () => pool.held().length > 0;
  console.log(`OpenEx market process joined the pool for ${[...config.marketProcesses!.keys()].join(', ')} — bus ${config.realtimeBus!.prefix}`);
}
