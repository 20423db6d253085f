import { join } from 'node:path';
import { accountFreezes } from '../../kernel/platform/accountFreeze/index.js';
import { setSecurityOutlet } from '../../kernel/platform/auth/securityNotices.js';
import { readPlatConfig } from '../../kernel/platform/catalogue.js';
import { defineProduct } from '../../kernel/platform/product.js';
import { accounts as accountsService } from './accounts.js';
import { centerRoutes } from './centerRoutes.js';
import { outboxDelivery } from './delivery.js';
import { securityOutlet } from './securityMail.js';
import { accountRoutes } from './routes.js';
import { smtpDelivery } from './smtpDelivery.js';
import { userCentre } from './userCentre.js';
import { userRoutes } from './userRoutes.js';
import { safetyRoutes } from './safety/safetyRoutes.js';
import { withAntiPhishing } from './sessions/antiPhishing.js';
import { noticeSettingsRoutes } from './sessions/noticeSettings.js';
import { sessionRoutes } from './sessions/routes.js';
import { twoFactor } from './twoFactor.js';
import { twoFactorRoutes } from './twoFactorRoutes.js';
import { usersDeskRoutes } from './operatorDesk/routes.js';

/**
 * Registration, login, password reset and the user centre. Verification codes go to the outbox
 * (DATA_DIR/outbox.jsonl) unless SMTP is configured; phones always do.
 */
export const accounts = defineProduct({
  id: 'accounts',
  create: ({ db, config, log, userFeed, offers }) => {
    // What a freeze releases, products register here (kernel/platform/accountFreeze); the users desk calls it.
    const freezes = accountFreezes(offers);
    const outbox = outboxDelivery(join(config.dataDir, 'outbox.jsonl'), (line) => log.info(line));
    // Every email carries the addressee's anti-phishing code (sessions/antiPhishing.ts).
    const delivery = withAntiPhishing(db, config.smtp ? smtpDelivery({ transport: config.smtp.url, from: config.smtp.from, siteName: 'OpenEx' }, outbox) : outbox);
    // Security changes made by any product in this process are emailed and pushed through here (issue 49 §4).
    setSecurityOutlet(securityOutlet(db, delivery, userFeed));
    const secondFactor = twoFactor({ db, delivery, siteName: async () => (await readPlatConfig(db)).config.sys.site_name || 'OpenEx' });
    const service = accountsService({
      db,
      secondFactor,
      delivery,
      invitationCode: config.invitationCode ?? 'OPENEX',
      phoneRegisterEnabled: async () => (await readPlatConfig(db)).config.sys.enable_phone_register === 1,
    });
    const centre = userCentre({ db, delivery, dataDir: config.dataDir });
    return {
      routes: async (app) => {
        await app.register(accountRoutes(db, service));
        await app.register(userRoutes(db, centre));
        await app.register(safetyRoutes(db));
        await app.register(centerRoutes(db));
        await app.register(sessionRoutes(db));
        await app.register(noticeSettingsRoutes(db));
        await app.register(twoFactorRoutes(secondFactor));
        await app.register(usersDeskRoutes(db, { secondFactor, freezes }));
      },
    };
  },
});
