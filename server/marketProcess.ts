import { readConfig } from './config.js';
import { stopOnSignals } from './kernel/signals.js';
import { enableStageTimes } from './kernel/stageTimes.js';
import { startMarketProcess, type RunningMarketProcess } from './startMarkets.js';

/**
 * `npm run start:markets`: a market process beside a server started with the same
 * REALTIME_BUS_URL, DATABASE_URL and MARKET_PROCESSES (docs/ARCHITECTURE.md "Scale-out: market
 * processes"); MARKET_PROCESS names which entry this one is.
 */
const config = readConfig();
if (config.stageTimes) enableStageTimes();
let running: RunningMarketProcess | undefined;
stopOnSignals(() => running);
running = await startMarketProcess(config);
console.log(`OpenEx market process ${running.name} is up: ${running.markets.join(', ')} — bus ${config.realtimeBus!.prefix}`);
