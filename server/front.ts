import { readConfig } from './config.js';
import { stopOnSignals } from './kernel/signals.js';
import { enableStageTimes } from './kernel/stageTimes.js';
import { startFront, type RunningFront } from './startFront.js';

/**
 * `npm run start:front`: an HTTP front beside a server started with the same REALTIME_BUS_URL,
 * DATABASE_URL and MARKET_PROCESSES (docs/ARCHITECTURE.md "Scale-out: HTTP fronts"). It listens on
 * FRONT_PORT (8082) and sends what it does not serve to PRIMARY_URL.
 */
const config = readConfig();
if (config.stageTimes) enableStageTimes();
const frontPort = Number(process.env.FRONT_PORT ?? 8082);
if (!Number.isInteger(frontPort) || frontPort < 0 || frontPort > 65535) throw new Error(`FRONT_PORT must be a port number, got ${process.env.FRONT_PORT}`);

let front: RunningFront | undefined;
stopOnSignals(() => front);
front = await startFront({ ...config, frontPort });
console.log(`OpenEx HTTP front is up on ${front.url} — server ${config.primaryUrl}, bus ${config.realtimeBus!.prefix}`);
