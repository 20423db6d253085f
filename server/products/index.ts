import type { ServerProduct } from '../kernel/platform/product.js';
import { accounts } from './accounts/product.js';
import { alerts } from './alerts/product.js';
import { convert } from './convert/product.js';
import { apikeys } from './apikeys/product.js';
import { binance } from './binance/product.js';
import { fees } from './fees/product.js';
import { fiat } from './fiat/product.js';
import { futuresComposed } from './futuresApart.js';
import { ico } from './ico/product.js';
import { kyc } from './kyc/product.js';
import { liabilities } from './liabilities/product.js';
import { markets } from './markets/product.js';
import { operator } from './operator/product.js';
import { platform } from './platform/product.js';
import { seconds } from './seconds/product.js';
import { recurring } from './recurring/product.js';
import { spot } from './spot/product.js';
import { support } from './support/product.js';
import { treasury } from './treasury/product.js';
import { wallet } from './wallet/product.js';

/**
 * Every product the server runs, in start order (stopped in reverse). Adding a product is one
 * folder under server/products and one line here. Futures comes with the Binance dialect's calls
 * that need its engine, for where it runs apart (futuresApart.ts).
 */
export const PRODUCTS: readonly ServerProduct[] = [platform, markets, accounts, support, kyc, operator, wallet, spot, seconds, ico, fiat, futuresComposed, apikeys, binance, liabilities, treasury, fees, alerts, convert, recurring];
