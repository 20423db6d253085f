import { readConfig } from './config.js';
import { startServer } from './start.js';

const config = readConfig();
const server = await startServer(config);
server.app.log.info(
  `OpenEx is up on ${server.url} — database: ${config.databaseUrl ? 'PostgreSQL' : `embedded ${config.embeddedDb === 'pglite' ? 'PGlite' : 'PostgreSQL'} (${config.dataDir})`}`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.app.log.info(`${signal}: shutting down`);
    server.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
