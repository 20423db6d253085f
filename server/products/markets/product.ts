import { PAIR_LIST_CHANNEL } from '../../../domain/market.js';
import { Loops } from '../../kernel/platform/loops.js';
import { onCacheChange } from '../../kernel/platform/caches.js';
import { PAIRS_CACHE } from '../../kernel/platform/catalogue.js';
import { defineProduct } from '../../kernel/platform/product.js';
import { marketDelisting } from './delisting.js';
import { contractDelisting } from './contractDelisting.js';
import { databaseFiatRates } from './fiatRates.js';
import { marketOperatorRoutes } from './operatorRoutes.js';
import { PAIR_LIST_REREAD_MS, pairListFeed } from './pairListFeed.js';
import { marketRoutes } from './routes.js';

/**
 * Market reference data over HTTP: currencies, pairs, prices in the pricing currencies, candle
 * history; the risk desk's halts; and the pair list's public channel (pairListFeed.ts), pushed
 * after every change to a market.
 */
export const markets = defineProduct({
  id: 'markets',
  // The pair list's channel is the site's, not a pair's: named for every listed pair, the registry (a set) keeps it once.
  channels: (pair) => (pair.trade_status === 1 || pair.contract_status === 1 ? [PAIR_LIST_CHANNEL] : []),
  create: ({ db, publish, pairs, log, offers }) => {
    const feed = pairListFeed(db, publish, (message, error) => log.error(message, error));
    const loops = new Loops((message, error) => log.error(message, error));
    let unhear: (() => void) | undefined;
    // A pair another product opened (an ICO token at its settlement) reaches the lists too.
    pairs.onOpened(() => feed.changed());
    const reference = marketRoutes(db, databaseFiatRates(db));
    // A listing is announced like the ICO's: the spot product opens the market, and onOpened above pushes the list.
    const delisting = marketDelisting(db, offers, { log: (message, error) => (error ? log.error(message, error) : log.info(message)) });
    const delistContract = contractDelisting(db);
    const operator = marketOperatorRoutes(db, { changed: () => feed.changed(), listed: (pair) => pairs.announce(pair) }, delisting, delistContract);
    return {
      routes: async (app) => {
        await reference(app);
        await operator(app);
      },
      prepare: async () => {
        await feed.reread();
      },
      start: async () => {
        loops.every(PAIR_LIST_REREAD_MS, () => feed.reread(), 'reading the pair list failed');
        // A change on any process (a halt, a listing: kernel/platform/caches.ts) is in the next subscriber's first list.
        unhear = onCacheChange(db, PAIRS_CACHE, () => void feed.reread().catch((error) => log.error('reading the pair list failed', error)));
      },
      // Delistings whose time has come: a duty, run by the one process holding the duties lease.
      duties: async () => {
        loops.every(1000, async () => {
          const changed = [...(await delisting.due()), ...(await delistContract.due())];
          if (changed.length > 0) await feed.changed();
        }, 'delisting failed');
      },
      stop: () => {
        unhear?.();
        return loops.stop();
      },
      snapshot: (channel) => feed.snapshot(channel),
    };
  },
});
