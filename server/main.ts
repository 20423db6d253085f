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

server = await startServer(config);
server.app.log.info(
  `OpenEx is up on ${server.url} — database: ${config.databaseUrl ? 'PostgreSQL' : `embedded ${server.db.dialect === 'pglite' ? 'PGlite' : 'PostgreSQL'} (${config.dataDir})`}`,
);
