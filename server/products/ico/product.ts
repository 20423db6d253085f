import type { PairOpenings } from '../../kernel/catalogue.js';
import type { Database } from '../../kernel/db/database.js';
import { defineProduct, type ProductParts } from '../../kernel/product.js';
import type { UserFeed } from '../../kernel/realtime/userFeed.js';
import { seedDemoParticipants, seedDemoProjects } from './demo.js';
import { icoLedger } from './ledger.js';
import { icoRoutes } from './routes.js';
import { settleDueProjects, type IcoSettleResult } from './settlement.js';
import { icoService } from './subscriptions.js';

/** How often the server looks for projects whose recruit period has ended. */
export const SETTLE_EVERY_MS = 1000;

export interface IcoOptions {
  db: Database;
  feed: UserFeed;
  clock?: () => number;
  /** Seed the three demo projects on a fresh database (the running server; off in tests by default). */
  demo?: boolean;
  /** Where a listed project's new pair is announced (the kernel's; the spot product opens its market). */
  pairs?: PairOpenings;
  log?: (message: string, error?: unknown) => void;
}

/** The product's parts over explicit dependencies (the product below, tests and the crash test). */
export function createIco(options: IcoOptions) {
  const { db, feed } = options;
  const clock = options.clock ?? Date.now;
  const log = options.log ?? (() => undefined);
  const service = icoService({ db, feed, clock, pairs: options.pairs });
  const settle = (): Promise<IcoSettleResult> => settleDueProjects({ db, feed, clock, pairs: options.pairs });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = settle()
        .catch((error) => log('ico settlement failed', error))
        .finally(() => schedule(SETTLE_EVERY_MS));
    }, delay);
    timer.unref?.();
  };
  const parts: ProductParts = {
    routes: icoRoutes(service),
    async prepare() {
      if (!options.demo) return;
      await seedDemoProjects(db, clock());
      await seedDemoParticipants(db, clock());
    },
    // The first run settles whatever ended while the server was down.
    async start() {
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
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
  create: ({ db, userFeed, pairs, log }) => createIco({ db, feed: userFeed, demo: true, pairs, log: (message, error) => log.error(message, error) }).parts,
});
