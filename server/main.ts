import { readConfig } from './config.js';
import { startServer, type RunningServer } from './start.js';

const config = readConfig();

// Handlers first, so a signal during startup never kills us by default: then we exit at once and
// the embedded database's exit hook asks it to stop. Once running, the shutdown is orderly. A signal
// often arrives more than once (npx, tsx and a process-group kill each pass it on): the repeats are
// ignored, so the shutdown that stops the embedded database is never cut short.
let server: RunningServer | undefined;
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (!server) process.exit(signal === 'SIGINT' ? 130 : 143);
    if (stopping) return;
    stopping = true;
    server.app.log.info(`${signal}: shutting down`);
    server.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

server = await startServer(config);
server.app.log.info(
  `OpenEx is up on ${server.url} — database: ${config.databaseUrl ? 'PostgreSQL' : `embedded ${server.db.dialect === 'pglite' ? 'PGlite' : 'PostgreSQL'} (${config.dataDir})`}`,
);
