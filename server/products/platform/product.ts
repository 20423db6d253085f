import { defineProduct } from '../../kernel/platform/product.js';
import { platformRoutes } from './routes.js';

/** Platform configuration and notes (spec §7 plat_config, plat_note). */
export const platform = defineProduct({
  id: 'platform',
  create: ({ db, config }) => ({ routes: platformRoutes(db, { secondsContracts: config.secondsContracts !== false }) }),
});
