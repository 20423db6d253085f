import { readConfig } from './config.js';
import { stopOnSignals } from './kernel/platform/signals.js';
import { enableStageTimes } from './kernel/exchange/stageTimes.js';
import { startServer, type RunningServer } from './start.js';
import { startNode, type RunningNode } from './startNode.js';

const config = readConfig();
if (config.stageTimes) enableStageTimes();

// A write refused by the lease's fence (a standby took over while this process was cut off from the
// database): its books and timers are stale, so it leaves at once; started again, it stands by.
const onLeaseLost = () => process.exit(75);

if (!config.roles) {
  let server: RunningServer | undefined;
  stopOnSignals(
    () => server,
    (signal) => server?.app.log.info(`${signal}: shutting down`),
  );
  server = await startServer(config, undefined, { onLeaseLost });
  server.app.log.info(
    `OpenEx is up on ${server.url} — database: ${config.databaseUrl ? 'PostgreSQL' : `embedded ${server.db.dialect === 'pglite' ? 'PGlite' : 'PostgreSQL'} (${config.dataDir})`}`,
  );
} else {
  // A cluster node (DATABASE_URL and REALTIME_BUS_URL): identical to every other.
  let node: RunningNode | undefined;
  stopOnSignals(() => node);
  node = await startNode(config, { onLeaseLost });
  console.log(`OpenEx cluster node is up${node.url ? ` on ${node.url}` : ''} — roles ${config.roles!.join(', ')}, bus ${config.realtimeBus!.prefix}`);
}
