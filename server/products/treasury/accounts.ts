import { CORRECTION_LEDGER_KINDS } from '../../../domain/corrections.js';
import { CHAIN_BOUNDARY_KINDS } from '../../kernel/platform/ledger/ledgerAudit.js';
import { FEES } from '../../kernel/platform/ledger/systemAccounts.js';

/**
 * What the treasury reads, by the names the databases hold. Products never import each other
 * (docs/ARCHITECTURE.md "Boundaries enforced"), so the other products' system accounts and ledger
 * kinds are named here as stored; each is "never renamed: databases hold it" where it is declared,
 * and tests/server/treasury/treasury.test.ts checks these against the declarations themselves.
 */
export const ACCOUNTS = {
  /** The kernel's fee account: every product's trading and withdrawal fees. */
  fees: FEES.account,
  /** server/products/futures/ledger.ts INSURANCE_FUND. */
  insurance: 'system:insurance_fund',
  /** server/products/seconds/ledger.ts SECONDS_HOUSE. */
  secondsHouse: 'system:seconds_house',
  /** server/products/wallet/corrections/account.ts CORRECTIONS_ACCOUNT. */
  corrections: 'system:operator_corrections',
  /** server/products/ico/ledger.ts ICO_PROJECTS: one account per project. */
  icoProjectPrefix: 'system:ico:',
} as const;

/** The ledger kinds that cross the chain boundary: the ledger audit's own list (rule 3). */
export const CHAIN_KINDS: readonly string[] = CHAIN_BOUNDARY_KINDS;

/** The P2P escrow's movements of the seller's frozen legal balance (server/products/fiat/orders.ts). */
export const ESCROW_KINDS = { locked: 'fiat_escrow', returned: 'fiat_escrow_return', released: 'fiat_release' } as const;

/** ICO: USDT subscribed, proceeds to the project, settlement (refund to available) (server/products/ico). */
export const ICO_KINDS = { subscribed: 'ico_subscribe', raised: 'ico_proceeds', settled: 'ico_settle' } as const;

export const CORRECTION_KINDS = CORRECTION_LEDGER_KINDS;

/** Which product a fee entry came from, by its reference (fees are booked against the trade, order or withdrawal). */
export const FEE_PRODUCT_BY_REF: Readonly<Record<string, string>> = {
  spot_trade: 'spot',
  futures_order: 'futures',
  withdrawal: 'wallet',
};
