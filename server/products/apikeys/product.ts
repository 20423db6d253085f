import type { ServerConfig } from '../../config.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { defineProduct } from '../../kernel/platform/product.js';
import { keyStore, type KeyStore } from './keyStore.js';
import { apiKeyRoutes } from './routes.js';
import { clusterSecretWarning, secretBox } from './secretBox.js';

declare module '../../kernel/platform/offers.js' {
  interface OfferedServices {
    /** The check of a signed request (key, address, permission, timestamp, signature) for the Binance dialect, and a key's owner (its listenKey calls). */
    apiKeys: Pick<KeyStore, 'check' | 'owner'>;
  }
}

/**
 * API keys (issue 36): the user centre's keys and the check every signed program request passes.
 * What a key may do is done through the other products' own use cases (server/products/binance).
 */
export const apikeys = defineProduct({
  id: 'apikeys',
  create: ({ db, config, offers }) => {
    // Printed as the server starts, as the database's own warnings are (kernel/platform/db/open.ts).
    const warning = clusterSecretWarning(config);
    if (warning) process.stderr.write(warning);
    const keys = openKeyStore(db, config);
    offers?.offer('apiKeys', keys);
    return { routes: apiKeyRoutes(db, keys) };
  },
});

/** The keys under this process's keyring (API_KEY_SECRET, else the data directory's key file): the product's, and the check beside futures where it runs apart (products/futuresApart.ts). */
export const openKeyStore = (db: Database, config: ServerConfig): KeyStore =>
  keyStore(db, secretBox(config.dataDir, { current: config.apiKeySecret, old: config.apiKeySecretOld }));
