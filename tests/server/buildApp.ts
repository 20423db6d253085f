import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Accounts } from '../../server/products/accounts/accounts.js';
import { centerRoutes } from '../../server/products/accounts/centerRoutes.js';
import { accountRoutes } from '../../server/products/accounts/routes.js';
import type { UserCentre } from '../../server/products/accounts/userCentre.js';
import { userRoutes } from '../../server/products/accounts/userRoutes.js';
import { safetyRoutes } from '../../server/products/accounts/safety/safetyRoutes.js';
import { helpRoutes } from '../../server/products/support/helpRoutes.js';
import type { Kyc } from '../../server/products/kyc/kyc.js';
import { kycOperatorRoutes } from '../../server/products/kyc/operatorRoutes.js';
import { kycRoutes } from '../../server/products/kyc/routes.js';
import type { FiatRateSource } from '../../server/products/markets/fiatRates.js';
import { marketRoutes } from '../../server/products/markets/routes.js';
import { informRoutes } from '../../server/products/support/informRoutes.js';
import { operatorRoutes } from '../../server/products/operator/routes.js';
import { platformRoutes } from '../../server/products/platform/routes.js';
import { spotRoutes } from '../../server/products/spot/routes.js';
import { spotFillsStatement } from '../../server/products/spot/statement.js';
import type { SpotTrading } from '../../server/products/spot/trading.js';
import type { SimulatedChain } from '../../server/products/wallet/chain/simulatedChain.js';
import { chainRoutes } from '../../server/products/wallet/chainRoutes.js';
import { operatorWalletRoutes } from '../../server/products/wallet/operatorRoutes.js';
import { walletRoutes } from '../../server/products/wallet/routes.js';
import type { Wallet } from '../../server/products/wallet/wallet.js';
import type { Database } from '../../server/kernel/platform/db/database.js';
import { buildHttp } from '../../server/kernel/platform/http/app.js';

/**
 * The HTTP app with only the products a test exercises, each given the services the test made
 * (fakes, a fixed clock, a test chain). The running server composes every product from
 * server/products/index.ts instead (server/start.ts).
 */
export interface TestAppDeps {
  db: Database;
  rates: FiatRateSource;
  logger?: FastifyServerOptions['logger'];
  accounts?: Accounts;
  accountRateLimits?: { login: number; sendCode: number };
  userCentre?: UserCentre;
  kyc?: Kyc;
  spot?: SpotTrading;
  wallet?: Wallet;
  chainSimulator?: SimulatedChain;
}

export function buildApp(deps: TestAppDeps): Promise<FastifyInstance> {
  return buildHttp({ db: deps.db, routes: testAppRoutes(deps), ...(deps.logger ? { logger: deps.logger } : {}) });
}

/** The routes of that app: the kernel's, then each product the test gave services for. */
export function testAppRoutes(deps: Omit<TestAppDeps, 'logger'>): Array<(app: FastifyInstance) => Promise<void>> {
  const { db } = deps;
  const routes = [platformRoutes(db), marketRoutes(db, deps.rates), centerRoutes(db), informRoutes(db), helpRoutes(db)];
  if (deps.accounts) routes.push(accountRoutes(db, deps.accounts, deps.accountRateLimits));
  if (deps.userCentre) routes.push(userRoutes(db, deps.userCentre), safetyRoutes(db));
  if (deps.kyc) routes.push(kycRoutes(deps.kyc), kycOperatorRoutes(deps.kyc), operatorRoutes(db));
  if (deps.spot) routes.push(spotRoutes(deps.spot, spotFillsStatement(db)));
  if (deps.wallet) routes.push(walletRoutes(deps.wallet), operatorWalletRoutes(deps.wallet), chainRoutes(deps.wallet, deps.chainSimulator));
  return routes;
}
