import { NOTICE_CHANNEL } from '../../../domain/notices.js';
import { defineProduct } from '../../kernel/platform/product.js';
import { helpRoutes } from './helpRoutes.js';
import { informRoutes } from './informRoutes.js';
import { noticesDeskRoutes } from './noticesDesk/routes.js';
import { seedHelp } from './seed/help.js';

/**
 * Support: the help centre's articles in 9 languages, a user's notifications (/inform), and the
 * announcements with the console's notices desk (issue 51 §5: notices and the five platform notes
 * written in every language), the same product as src/features/support. Other products write
 * notifications with kernel/platform/notifications/notify.ts; the platform product reads the platform notes.
 */
export const support = defineProduct({
  id: 'support',
  seed: seedHelp,
  // The notice channel is the site's, not a pair's: named for every pair listed for trading, the
  // registry (a set) keeps it once.
  channels: (pair) => (pair.trade_status === 1 || pair.contract_status === 1 ? [NOTICE_CHANNEL] : []),
  create: ({ db, publish }) => ({
    routes: async (app) => {
      await app.register(helpRoutes(db));
      await app.register(informRoutes(db));
      await app.register(noticesDeskRoutes(db, { publish }));
    },
  }),
});
