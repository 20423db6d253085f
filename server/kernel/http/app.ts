import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Accounts } from '../../products/accounts/accounts.js';
import type { UserCentre } from '../../products/accounts/userCentre.js';
import type { Kyc } from '../../products/kyc/kyc.js';
import type { SpotTrading } from '../../products/spot/trading.js';
import type { Wallet } from '../../products/wallet/wallet.js';
import type { SimulatedChain } from '../../products/wallet/chain/simulatedChain.js';
import type { Database } from '../db/database.js';
import type { FiatRateSource } from '../../products/markets/fiatRates.js';
import type { UserFeed } from '../realtime/userFeed.js';
import { requestContext } from './context.js';
import { errorHandling } from './errors.js';
import { accountRoutes } from '../../products/accounts/routes.js';
import { centerRoutes } from '../../products/accounts/centerRoutes.js';
import { helpRoutes } from '../../products/help/routes.js';
import { informRoutes } from '../../products/notifications/routes.js';
import { kycRoutes } from '../../products/kyc/routes.js';
import { marketRoutes } from '../../products/markets/routes.js';
import { operatorRoutes } from '../../products/operator/routes.js';
import { platformRoutes } from '../../products/platform/routes.js';
import { spotRoutes } from '../../products/spot/routes.js';
import { userRoutes } from '../../products/accounts/userRoutes.js';
import { chainRoutes } from '../../products/wallet/chainRoutes.js';
import { operatorWalletRoutes } from '../../products/wallet/operatorRoutes.js';
import { walletRoutes } from '../../products/wallet/routes.js';
import { serveClient } from './static.js';

export interface AppDeps {
  db: Database;
  rates: FiatRateSource;
  /** Built client directory to serve; omitted in API-only tests. */
  clientDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Registration, login and reset; omitted by tests that do not exercise accounts. */
  accounts?: Accounts;
  /** Per-IP requests a minute for login and code sending (defaults in http/rateLimit.ts). */
  accountRateLimits?: { login: number; sendCode: number };
  /** The user centre (/user pages); omitted by tests that do not exercise it. */
  userCentre?: UserCentre;
  /** Identity verification and its operator review queue; omitted by tests that do not exercise it. */
  kyc?: Kyc;
  /** User spot trading over the live markets (/api/spot/*); omitted by tests that do not exercise it. */
  spot?: SpotTrading;
  /**
   * The private user channel's feed: services that change a user's balances or orders tell it
   * after their commit. Absent in tests without sockets (use silentUserFeed there).
   */
  userFeed?: UserFeed;
  /** The wallet (deposits, withdrawals, transfers, records); omitted by tests that do not exercise it. */
  wallet?: Wallet;
  /** The simulated chain's faucet behind POST /api/chain/simulate_deposit; absent when CHAIN_SIMULATOR=off. */
  chainSimulator?: SimulatedChain;
}

/** Builds the HTTP app in layers: request context → error handling → routes → client. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({ logger: deps.logger ?? false, bodyLimit: 1024 * 1024 });

  // An empty body sent as JSON means "no payload", not malformed input. Anything else goes to
  // Fastify's own parser, which keeps its __proto__ / constructor.prototype poisoning refusal.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    parseJson(request, text, done);
  });

  await app.register(requestContext);
  await app.register(errorHandling);
  await app.register(platformRoutes(deps.db));
  await app.register(marketRoutes(deps.db, deps.rates));
  await app.register(centerRoutes(deps.db));
  // Notifications and help need only the database, like the centre.
  await app.register(informRoutes(deps.db));
  await app.register(helpRoutes(deps.db));
  if (deps.accounts) await app.register(accountRoutes(deps.db, deps.accounts, deps.accountRateLimits));
  if (deps.userCentre) await app.register(userRoutes(deps.db, deps.userCentre));
  if (deps.kyc) await app.register(kycRoutes(deps.db, deps.kyc));
  if (deps.kyc) await app.register(operatorRoutes(deps.db, deps.kyc));
  if (deps.spot) await app.register(spotRoutes(deps.db, deps.spot));
  if (deps.wallet) {
    await app.register(walletRoutes(deps.db, deps.wallet));
    await app.register(operatorWalletRoutes(deps.db, deps.wallet));
    await app.register(chainRoutes(deps.wallet, deps.chainSimulator));
  }
  await serveClient(app, deps.clientDir);
  return app;
}
