import { defineProduct } from '../../kernel/platform/product.js';
import { kyc as kycService } from './kyc.js';
import { kycOperatorRoutes } from './operatorRoutes.js';
import { kycRoutes } from './routes.js';

/** Identity verification: the user's submission and the operator's review queue. */
export const kyc = defineProduct({
  id: 'kyc',
  create: ({ db, config, userFeed }) => {
    const service = kycService({ db, dataDir: config.dataDir, feed: userFeed });
    return {
      routes: async (app) => {
        await app.register(kycRoutes(service));
        await app.register(kycOperatorRoutes(service));
      },
    };
  },
});
