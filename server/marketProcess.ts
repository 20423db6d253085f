import { createServer } from 'node:http';
import { readConfig } from './config.js';
import { answerHealth } from './kernel/http/health.js';
import { stopOnSignals } from './kernel/signals.js';
import { enableStageTimes } from './kernel/stageTimes.js';
import { startMarketProcess, type RunningMarketProcess } from './startMarkets.js';

/**
 * `npm run start:markets`: a market process beside a server started with the same
 * REALTIME_BUS_URL, DATABASE_URL and MARKET_PROCESSES (docs/ARCHITECTURE.md "Scale-out: market
 * processes"); MARKET_PROCESS names which entry this one is, or, unset, it takes the first entry no
 * process holds. Started again as the same entry (or when every entry is held), it stands by until
 * a running one is gone ("Scale-out: standbys and takeover").
 */
const config = readConfig();
if (config.stageTimes) enableStageTimes();
let running: RunningMarketProcess | undefined;
stopOnSignals(() => running);
// /healthz, /readyz (503 while standing by or starting) and /metrics, when METRICS_PORT asks: the
// process has no HTTP app of its own, so a plain server answers them from the first moment.
if (config.metricsPort !== undefined) {
  const health = createServer((request, response) => {
    if (!answerHealth(request, response, () => running !== undefined)) response.writeHead(404).end();
  });
  health.listen(config.metricsPort, config.host);
  health.unref();
}
// A write refused by the lease's fence (another process took the entry while this one was cut off):
// its books are stale, so it leaves at once; started again, it stands by.
running = await startMarketProcess(config, undefined, { onLeaseLost: () => process.exit(75) });
console.log(`OpenEx market process ${running.name} is up: ${running.markets.join(', ')} — bus ${config.realtimeBus!.prefix}`);
