import { defineProduct } from '../../kernel/platform/product.js';
import { SimulatedChain } from './chain/simulatedChain.js';
import { chainRoutes } from './chainRoutes.js';
import { correctionRoutes } from './corrections/routes.js';
import { walletLedger } from './ledger.js';
import { currencyListingRoutes } from './listing/routes.js';
import { operatorWalletRoutes } from './operatorRoutes.js';
import { walletRoutes } from './routes.js';
import { wallet as walletService } from './wallet.js';

/**
 * The five-account wallet: deposits and withdrawals on the simulated chain (the only chain adapter
 * here; CHAIN_SIMULATOR=off closes its deposit faucet while its blocks keep confirming withdrawals),
 * transfers, records, and the operator's withdrawal queue.
 */
export const wallet = defineProduct({
  id: 'wallet',
  ledger: walletLedger,
  create: ({ db, config, userFeed, accounts, log }) => {
    const chain = new SimulatedChain({ blockMs: config.chainBlockMs ?? 2000, log: log.error });
    const service = walletService({ db, chain, feed: userFeed, accounts, log: log.error });
    chain.connect(service.chainEvents);
    let dayOpenTimer: NodeJS.Timeout | undefined;
    let taking: Promise<void> | undefined;
    return {
      routes: async (app) => {
        await app.register(walletRoutes(service));
        await app.register(operatorWalletRoutes(service));
        await app.register(correctionRoutes({ db, feed: userFeed, accounts, log: log.error }));
        await app.register(currencyListingRoutes(db));
        await app.register(chainRoutes(service, config.chainSimulator === false ? undefined : chain));
      },
      // Block production and the day-open snapshot: duties, run by the one process holding their lease.
      duties: async () => {
        chain.start();
        // The day's opening equity (today's P&L starts from it), taken in the first minute of each UTC day.
        const takeDayOpen = () => {
          taking = service.overview.dayOpen().then(
            () => undefined,
            (error) => log.error('wallet: the day-open snapshot failed', error),
          );
        };
        takeDayOpen();
        dayOpenTimer = setInterval(takeDayOpen, 60_000);
        dayOpenTimer.unref();
      },
      stop: async () => {
        clearInterval(dayOpenTimer);
        await taking; // before the database closes
        return chain.stop();
      },
    };
  },
});
