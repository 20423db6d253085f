import { defineProduct } from '../../kernel/product.js';
import { helpRoutes } from './helpRoutes.js';
import { informRoutes } from './informRoutes.js';

/**
 * Support: the help centre's articles in 9 languages and a user's notifications (/inform), the
 * same product as src/features/support. Other products write notifications with
 * kernel/notifications/notify.ts; platform notes belong to the platform product.
 */
export const support = defineProduct({
  id: 'support',
  create: ({ db }) => ({
    routes: async (app) => {
      await app.register(helpRoutes(db));
      await app.register(informRoutes(db));
    },
  }),
});
