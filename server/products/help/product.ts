import { defineProduct } from '../../kernel/product.js';
import { helpRoutes } from './routes.js';

/** The help centre's articles in 9 languages. */
export const help = defineProduct({
  id: 'help',
  create: ({ db }) => ({ routes: helpRoutes(db) }),
});
