import { Loops } from '../../kernel/platform/loops.js';
import { defineProduct, type ProductDeps, type ProductParts, withProductDefaults } from '../../kernel/platform/product.js';
import { alertsService } from './alerts.js';
import { alertsRoutes } from './routes.js';
import { alertSweeper } from './watch.js';

/** How often the active alerts are compared with the trades since the last look. */
export const ALERT_SWEEP_MS = 1000;

/** The product's parts over explicit dependencies (the product below and the tests). */
export function createAlerts(options: ProductDeps) {
  const { db, feed, clock, log } = withProductDefaults(options);
  const service = alertsService(db, clock);
  const sweep = alertSweeper(db, feed, clock);
  const loops = new Loops((message, error) => log(message, error), { unref: true });
  const parts: ProductParts = {
    routes: alertsRoutes(service),
    // A duty: one process of a cluster sweeps, so each alert is read once a second, not once a node.
    async duties() {
      loops.every(ALERT_SWEEP_MS, sweep, 'price alerts: the sweep failed');
    },
    stop: () => loops.stop(),
  };
  return { parts, service, sweep };
}

/**
 * Price alerts (domain/alerts.ts; docs/API.md "Price alerts"): a user's "tell me when a spot pair
 * or a USDT-M contract rises to / falls to a price", checked each second against its trades, told
 * once by a notice. Reads spot's and futures' trades as tables, never through those products.
 */
export const alerts = defineProduct({
  id: 'alerts',
  create: ({ db, userFeed, log }) => createAlerts({ db, feed: userFeed, log: (message, error) => log.error(message, error) }).parts,
});
