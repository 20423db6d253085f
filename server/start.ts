import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import { accounts } from './app/accounts/accounts.js';
import { outboxDelivery } from './app/accounts/delivery.js';
import { smtpDelivery } from './app/accounts/smtpDelivery.js';
import { userCentre } from './app/accounts/userCentre.js';
import { kyc } from './app/kyc/kyc.js';
import { ensureOperator } from './app/kyc/operators.js';
import { wallet as walletService } from './app/wallet/wallet.js';
import { SimulatedChain } from './chain/simulatedChain.js';
import { listCurrencies, listPairs } from './app/market.js';
import { readPlatConfig } from './app/platform.js';
import { userForToken } from './app/sessions.js';
import { spotTrading } from './app/spot/trading.js';
import type { ServerConfig } from './config.js';
import type { Database } from './db/database.js';
import { openDatabase } from './db/open.js';
import { buildApp } from './http/app.js';
import { databaseFiatRates } from './market/fiatRates.js';
import { MarketService } from './market/marketService.js';
import type { MarketPublisher } from './market/publisher.js';
import { ChannelRegistry } from './realtime/channels.js';
import { attachRealtime, type Realtime } from './realtime/gateway.js';
import { UserFeedPublisher } from './realtime/userFeedPublisher.js';

export interface RunningServer {
  app: FastifyInstance;
  db: Database;
  realtime: Realtime;
  markets: MarketService;
  /** The private user channel's feed; services tell it what they changed after each commit. */
  userFeed: UserFeedPublisher;
  url: string;
  stop(): Promise<void>;
}

/** Composition root: config → database → markets (history, books, makers) → http → realtime. */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, embedded: config.embeddedDb });
  const rates = databaseFiatRates(db);
  let log: (line: string) => void = () => undefined;
  // Codes go to the outbox (DATA_DIR/outbox.jsonl) unless SMTP is configured; phones always do.
  const outbox = outboxDelivery(join(config.dataDir, 'outbox.jsonl'), (line) => log(line));
  const delivery = config.smtp ? smtpDelivery({ transport: config.smtp.url, from: config.smtp.from, siteName: 'OpenEx' }, outbox) : outbox;
  // The gateway exists only once the HTTP server does; pushes before that are dropped (nobody is
  // subscribed yet). The user feed is made first so every service that moves money can take it.
  let gateway: Realtime | undefined;
  const userFeed = new UserFeedPublisher(
    db,
    { listening: (userId) => gateway?.userListening(userId) ?? false, send: (userId, message) => gateway?.publishToUser(userId, message) },
    (message, error) => app.log.error({ err: error }, message),
  );
  // The simulated chain is the only chain adapter here; CHAIN_SIMULATOR=off closes its deposit
  // faucet, while its blocks keep confirming withdrawals. Its state is the wallet's tables.
  const chain = new SimulatedChain({ blockMs: config.chainBlockMs ?? 2000, log: (message, error) => app.log.error({ err: error }, message) });
  const wallet = walletService({ db, chain, feed: userFeed, log: (message, error) => app.log.error({ err: error }, message) });
  chain.connect(wallet.chainEvents);
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
    wallet,
    chainSimulator: config.chainSimulator === false ? undefined : chain,
    // Markets are built below, after the app; requests reach them only once the server listens.
    spot: spotTrading({ db, markets: { market: (symbol) => markets.market(symbol) } }),
    userFeed,
  });
  if (config.operator) await ensureOperator(db, config.operator.account, config.operator.password);
  log = (line) => app.log.info(line);
  const pairs = await listPairs(db);
  const registry = new ChannelRegistry(pairs);
  const publisher: MarketPublisher = { publish: (channel, payload) => gateway?.publish(channel, payload) };
  const markets = new MarketService(db, pairs, await listCurrencies(db), publisher, {
    marketMakers: config.marketMakers ?? true,
    volatilityScale: config.volatilityScale,
    log: (message, error) => app.log.error({ err: error }, message),
    userFeed,
  });
  await markets.prepare();
  await app.ready();
  const realtime = attachRealtime(app.server, registry, {
    snapshot: (channel) => markets.snapshot(channel),
    authenticate: async (token) => (await userForToken(db, token))?.id,
  });
  gateway = realtime;
  const address = await app.listen({ port: config.port, host: config.host });
  await markets.start();
  chain.start();
  let stopping: Promise<void> | undefined;
  return {
    app,
    db,
    realtime,
    markets,
    userFeed,
    url: address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost'),
    stop: () =>
      (stopping ??= (async () => {
        await markets.stop();
        await userFeed.idle();
        await chain.stop();
        await realtime.close();
        await app.close();
        await db.close();
      })()),
  };
}
