import { SECONDS_ACCOUNT } from '../../../domain/seconds.js';
import { systemAccount } from '../../kernel/platform/ledger/systemAccounts.js';
import type { ProductLedger } from '../../kernel/platform/product.js';

declare module '../../kernel/platform/ledger/ledger.js' {
  interface LedgerAccounts {
    /** The seconds contracts' account: stakes are frozen here until their second settles. */
    sec_contract: true;
  }
}

/** The house of the seconds contracts: it takes lost stakes and pays winnings. */
export const SECONDS_HOUSE = systemAccount('secondsHouse', 'system:seconds_house');

/**
 * The seconds contracts' part of the ledger. An open contract (its second not settled, and the
 * contract not settled before migration 018) holds its stake, always USDT.
 */
export const secondsLedger: ProductLedger = {
  kinds: [SECONDS_ACCOUNT],
  systemAccounts: [SECONDS_HOUSE],
  heldFunds: [
    {
      table: 'seconds_second',
      sql: `coalesce((select sum(sc.stake) from seconds_second ss join seconds_contract sc
         on sc.left_symbol = ss.left_symbol and sc.right_symbol = ss.right_symbol and sc.expiry_second = ss.second
         where c.symbol = 'USDT' and ss.settled_ms is null and sc.settled_ms is null), 0)`,
    },
  ],
};
