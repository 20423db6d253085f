import type { Feature } from '../app/feature';
import { accountsFeature } from './accounts/feature';
import { alertsFeature } from './alerts/feature';
import { convertFeature } from './convert/feature';
import { fiatFeature } from './fiat/feature';
import { futuresFeature } from './futures/feature';
import { feesFeature } from './fees/feature';
import { icoFeature } from './ico/feature';
import { kycFeature } from './kyc/feature';
import { liabilitiesFeature } from './liabilities/feature';
import { marketsFeature } from './markets/feature';
import { marketsDeskFeature } from './markets/operator/marketsDesk.feature';
import { operatorFeature } from './operator/feature';
import { recurringFeature } from './recurring/feature';
import { secondsFeature } from './seconds/feature';
import { spotFeature } from './spot/feature';
import { supportFeature } from './support/feature';
import { treasuryFeature } from './treasury/feature';
import { walletFeature } from './wallet/feature';

/**
 * The products of the browser app, one folder each under src/features. Adding a product is its
 * folder and one line here: main.tsx supplies it, mounts its provider and routes its pages.
 * (Operator desks appear in this order: identity reviews first.)
 */
// The operator desk's tabs follow this order: identity review first (its queue is the desk's landing), then withdrawals, ICO, then P2P appeals.
export const FEATURES: Feature[] = [marketsFeature, spotFeature, secondsFeature, accountsFeature, kycFeature, walletFeature, futuresFeature, icoFeature, fiatFeature, supportFeature, operatorFeature, liabilitiesFeature, marketsDeskFeature, treasuryFeature, feesFeature, alertsFeature, convertFeature, recurringFeature];
