import { readConfig } from './config.js';
import { stopOnSignals } from './kernel/signals.js';
import { enableStageTimes } from './kernel/stageTimes.js';
import { startServer, type RunningServer } from './start.js';

const config = readConfig();
if (config.stageTimes) enableStageTimes();

let server: RunningServer | undefined;
stopOnSignals(
  () => server,
  (signal) => server?.app.log.info(`${signal}: shutting down`),
);

// A write refused by the lease's fence (a standby took over while this server was cut off from the
// database): its books and timers are stale, so it leaves at once; started again, it stands by.
server = await startServer(config, undefined, { onLeaseLost: () => process.exit(75) });
server.app.log.info(
  `OpenEx is up on ${server.url} — database: ${config.databaseUrl ? 'PostgreSQL' : `embedded ${server.db.dialect === 'pglite' ? 'PGlite' : 'PostgreSQL'} (${config.dataDir})`}`,
);
