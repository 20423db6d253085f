import { FIAT_ACCOUNT } from '../../../domain/fiat.js';
import { Loops } from '../../kernel/platform/loops.js';
import { defineProduct, withProductDefaults, type ProductDeps, type ProductParts } from '../../kernel/platform/product.js';
import { fiatLedger } from './ledger.js';
import { ensureMerchants, simulateMerchants } from './merchants.js';
import { fiatRoutes } from './routes.js';
import { fiatService } from './service.js';

/** How often the server looks for overdue orders and plays the merchants' side. */
export const SWEEP_EVERY_MS = 1000;

export interface FiatOptions extends ProductDeps {
  dataDir: string;
  /** Seed the merchants and run their simulator (the running server unless P2P_MERCHANTS=off; off in tests by default). */
  merchants?: boolean;
  merchantDelayMs?: number;
}

/** The product's parts over explicit dependencies (the product below and the tests). */
export function createFiat(options: FiatOptions) {
  const { db, feed, clock, log } = withProductDefaults(options);
  const service = fiatService({ db, feed, clock, dataDir: options.dataDir });
  let merchantIds: number[] = [];
  const loops = new Loops(log, { unref: true });
  const tick = async () => {
    await service.sweep();
    if (options.merchants) await simulateMerchants(db, service, merchantIds, clock(), options.merchantDelayMs ?? 4000);
  };
  const parts: ProductParts = {
    routes: fiatRoutes(service),
    async prepare() {
      if (options.merchants) merchantIds = await ensureMerchants(db, clock());
    },
    // Deadlines that passed while the server was down get their grace period before the first sweep.
    async start() {
      await service.graceAfterRestart();
      loops.every(SWEEP_EVERY_MS, tick, 'fiat sweep failed', 0);
    },
    stop: () => loops.stop(),
  };
  return { parts, service, tick, merchantIds: () => merchantIds };
}

/**
 * P2P fiat buy and sell with escrow: ads, orders whose crypto waits in escrow until the seller
 * confirms the bank transfer, deadlines swept by the server, appeals for the operator, an order chat,
 * and simulated merchants for liquidity on a fresh start (docs/API.md "P2P fiat").
 */
export const fiat = defineProduct({
  id: 'fiat',
  // Its sweep and merchant simulator are its own (one process runs them, by the product lock);
  // ads, orders, escrow and chats are in the database, payment-proof images under its DATA_DIR.
  apart: { paths: ['/api/fiat/', '/api/operator/fiat/'] },
  ledger: fiatLedger,
  // Its account in the wallet's list (transfers, valuations, corrections), in the place of its wallet menu entry.
  walletAccounts: [{ kind: FIAT_ACCOUNT, place: 23 }],
  create: ({ db, userFeed, config, log }) =>
    createFiat({
      db,
      feed: userFeed,
      dataDir: config.dataDir,
      merchants: config.p2pMerchants !== false,
      merchantDelayMs: config.p2pMerchantDelayMs,
      log: (message, error) => log.error(message, error),
    }).parts,
});
