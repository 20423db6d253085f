import { defineProduct } from '../../kernel/product.js';
import { databaseFiatRates } from './fiatRates.js';
import { marketRoutes } from './routes.js';

/** Market reference data over HTTP: currencies, pairs, prices in the pricing currencies, candle history. */
export const markets = defineProduct({
  id: 'markets',
  create: ({ db }) => ({ routes: marketRoutes(db, databaseFiatRates(db)) }),
});
