import { defineProduct } from '../../kernel/product.js';
import { databaseFiatRates } from './fiatRates.js';
import { marketOperatorRoutes } from './operatorRoutes.js';
import { marketRoutes } from './routes.js';

/** Market reference data over HTTP: currencies, pairs, prices in the pricing currencies, candle history; the risk desk's halts. */
export const markets = defineProduct({
  id: 'markets',
  create: ({ db }) => {
    const reference = marketRoutes(db, databaseFiatRates(db));
    const halts = marketOperatorRoutes(db);
    return {
      routes: async (app) => {
        await reference(app);
        await halts(app);
      },
    };
  },
});
