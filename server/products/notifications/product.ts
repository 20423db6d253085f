import { defineProduct } from '../../kernel/product.js';
import { notificationRoutes } from './routes.js';

/** A user's notifications (/inform); other products write them with kernel/notifications/notify.ts. */
export const notifications = defineProduct({
  id: 'notifications',
  create: ({ db }) => ({ routes: notificationRoutes(db) }),
});
