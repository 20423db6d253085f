import type { FastifyInstance } from 'fastify';
import { listPairs } from './app/market.js';
import type { ServerConfig } from './config.js';
import type { Database } from './db/database.js';
import { openDatabase } from './db/open.js';
import { buildApp } from './http/app.js';
import { databaseFiatRates } from './market/fiatRates.js';
import { ChannelRegistry } from './realtime/channels.js';
import { attachRealtime, type Realtime } from './realtime/gateway.js';

export interface RunningServer {
  app: FastifyInstance;
  db: Database;
  realtime: Realtime;
  url: string;
  stop(): Promise<void>;
}

/** Composition root: config → database → engines → http → realtime. */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const rates = databaseFiatRates(db);
  const app = await buildApp({
    db,
    rates,
    clientDir: config.clientDir,
    logger: { level: config.logLevel },
  });
  const registry = new ChannelRegistry(await listPairs(db));
  await app.ready();
  const realtime = attachRealtime(app.server, registry);
  const address = await app.listen({ port: config.port, host: config.host });
  let stopping: Promise<void> | undefined;
  return {
    app,
    db,
    realtime,
    url: address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost'),
    stop: () =>
      (stopping ??= (async () => {
        await realtime.close();
        await app.close();
        await db.close();
      })()),
  };
}
