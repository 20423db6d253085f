import { readConfig } from './config.js';
import { stopOnSignals } from './kernel/signals.js';
import { enableStageTimes } from './kernel/stageTimes.js';
import { startEdge, type RunningEdge } from './startEdge.js';

/**
 * `npm run start:edge`: a realtime edge beside a server started with the same REALTIME_BUS_URL and
 * DATABASE_URL (docs/ARCHITECTURE.md "Scale-out: sockets on socket.io's Redis adapter"). It listens on EDGE_PORT (8081).
 */
const config = readConfig();
if (config.stageTimes) enableStageTimes();
const port = Number(process.env.EDGE_PORT ?? 8081);
if (!config.realtimeBus) throw new Error('A realtime edge needs REALTIME_BUS_URL (the Redis its server publishes to)');
if (!config.databaseUrl) throw new Error("A realtime edge needs DATABASE_URL (its server's PostgreSQL)");
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`EDGE_PORT must be a port number, got ${process.env.EDGE_PORT}`);

let edge: RunningEdge | undefined;
stopOnSignals(() => edge);
edge = await startEdge({
  port,
  host: config.host,
  databaseUrl: config.databaseUrl,
  bus: config.realtimeBus,
  marketProcesses: config.marketProcesses,
  allowedOrigins: config.allowedOrigins,
  pushIntervalMs: config.pushIntervalMs,
  trustedProxies: config.trustedProxies,
  socketsPerAddress: config.socketsPerAddress,
});
console.log(`OpenEx realtime edge is up on ${edge.url} — bus ${config.realtimeBus.prefix}`);
