import { ICO_ACCOUNT } from '../../../domain/ico.js';
import type { PairOpenings } from '../../kernel/platform/catalogue.js';
import { Loops } from '../../kernel/platform/loops.js';
import { defineProduct, withProductDefaults, type ProductDeps, type ProductParts } from '../../kernel/platform/product.js';
import { seedDemoParticipants, seedDemoProjects } from './demo.js';
import { icoLedger } from './ledger.js';
import { icoRoutes } from './routes.js';
import { settleDueProjects, type IcoSettleResult } from './settlement.js';
import { icoService } from './subscriptions.js';

/** How often the server looks for projects whose recruit period has ended. */
export const SETTLE_EVERY_MS = 1000;

export interface IcoOptions extends ProductDeps {
  /** Seed the three demo projects on a fresh database (the running server; off in tests by default). */
  demo?: boolean;
  /** Where a listed project's new pair is announced (the kernel's; the spot product opens its market). */
  pairs?: PairOpenings;
}

/** The product's parts over explicit dependencies (the product below, tests and the crash test). */
export function createIco(options: IcoOptions) {
  const { db, feed, clock, log } = withProductDefaults(options);
  const service = icoService({ db, feed, clock, pairs: options.pairs });
  const settle = (): Promise<IcoSettleResult> => settleDueProjects({ db, feed, clock, pairs: options.pairs });
  const loops = new Loops(log, { unref: true });
  const parts: ProductParts = {
    routes: icoRoutes(service),
    async prepare() {
      if (!options.demo) return;
      await seedDemoProjects(db, clock());
      await seedDemoParticipants(db, clock());
    },
    // A duty (one process of a cluster runs it); the first run settles whatever ended while none did.
    async duties() {
      loops.every(SETTLE_EVERY_MS, settle, 'ico settlement failed', 0);
    },
    stop: () => loops.stop(),
  };
  return { parts, service, settle };
}

/**
 * ICO subscription: projects an operator creates, subscriptions and add more from the `ico`
 * account, settlement exactly once (pro rata when oversubscribed), release and thaw
 * (docs/API.md "ICO subscription").
 */
export const ico = defineProduct({
  id: 'ico',
  ledger: icoLedger,
  // Its account in the wallet's list (transfers, valuations, corrections), in the place of its wallet menu entry.
  walletAccounts: [{ kind: ICO_ACCOUNT, place: 24 }],
  create: ({ db, userFeed, pairs, log }) => createIco({ db, feed: userFeed, demo: true, pairs, log: (message, error) => log.error(message, error) }).parts,
});
