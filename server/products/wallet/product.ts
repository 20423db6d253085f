import { defineProduct } from '../../kernel/product.js';
import { SimulatedChain } from './chain/simulatedChain.js';
import { chainRoutes } from './chainRoutes.js';
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
  create: ({ db, config, userFeed, accounts, log }) => {
    const chain = new SimulatedChain({ blockMs: config.chainBlockMs ?? 2000, log: log.error });
    const service = walletService({ db, chain, feed: userFeed, accounts, log: log.error });
    chain.connect(service.chainEvents);
    return {
      routes: async (app) => {
        await app.register(walletRoutes(service));
        await app.register(operatorWalletRoutes(service));
        await app.register(chainRoutes(service, config.chainSimulator === false ? undefined : chain));
      },
      start: async () => chain.start(),
      stop: () => chain.stop(),
    };
  },
});
