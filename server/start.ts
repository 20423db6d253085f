import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import { accounts } from './app/accounts/accounts.js';
import { outboxDelivery } from './app/accounts/delivery.js';
import { smtpDelivery } from './app/accounts/smtpDelivery.js';
import { userCentre } from './app/accounts/userCentre.js';
import { kyc } from './app/kyc/kyc.js';
import { ensureOperator } from './app/kyc/operators.js';
import { listCurrencies, listPairs } from './app/market.js';
import { readPlatConfig } from './app/platform.js';
import type { ServerConfig } from './config.js';
import type { Database } from './db/database.js';
import { openDatabase } from './db/open.js';
import { buildApp } from './http/app.js';
import { databaseFiatRates } from './market/fiatRates.js';
import { MarketService } from './market/marketService.js';
import type { MarketPublisher } from './market/publisher.js';
import { ChannelRegistry } from './realtime/channels.js';
import { attachRealtime, type Realtime } from './realtime/gateway.js';

export interface RunningServer {
  app: FastifyInstance;
  db: Database;
  realtime: Realtime;
  markets: MarketService;
  url: string;
  stop(): Promise<void>;
}

/** Composition root: config → database → markets (history, books, makers) → http → realtime. */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const rates = databaseFiatRates(db);
  let log: (line: string) => void = () => undefined;
  // Codes go to the outbox (DATA_DIR/outbox.jsonl) unless SMTP is configured; phones always do.
  const outbox = outboxDelivery(join(config.dataDir, 'outbox.jsonl'), (line) => log(line));
  const delivery = config.smtp ? smtpDelivery({ transport: config.smtp.url, from: config.smtp.from, siteName: 'OpenEx' }, outbox) : outbox;
  const app = await buildApp({
    db,
    rates,
    clientDir: config.clientDir,
    logger: { level: config.logLevel },
    accounts: accounts({
      db,
      delivery,
      invitationCode: config.invitationCode ?? 'OPENEX',
      phoneRegisterEnabled: async () => (await readPlatConfig(db)).config.sys.enable_phone_register === 1,
    }),
    userCentre: userCentre({ db, delivery, dataDir: config.dataDir }),
    kyc: kyc({ db, dataDir: config.dataDir }),
  });
  if (config.operator) await ensureOperator(db, config.operator.account, config.operator.password);
  log = (line) => app.log.info(line);
  const pairs = await listPairs(db);
  const registry = new ChannelRegistry(pairs);
  // The gateway exists only once the HTTP server does; market data published before that is dropped.
  let gateway: Realtime | undefined;
  const publisher: MarketPublisher = { publish: (channel, payload) => gateway?.publish(channel, payload) };
  const markets = new MarketService(db, pairs, await listCurrencies(db), publisher, {
    marketMakers: config.marketMakers ?? true,
    volatilityScale: config.volatilityScale,
    log: (message, error) => app.log.error({ err: error }, message),
  });
  await markets.prepare();
  await app.ready();
  const realtime = attachRealtime(app.server, registry, { snapshot: (channel) => markets.snapshot(channel) });
  gateway = realtime;
  const address = await app.listen({ port: config.port, host: config.host });
  await markets.start();
  let stopping: Promise<void> | undefined;
  return {
    app,
    db,
    realtime,
    markets,
    url: address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost'),
    stop: () =>
      (stopping ??= (async () => {
        await markets.stop();
        await realtime.close();
        await app.close();
        await db.close();
      })()),
  };
}
