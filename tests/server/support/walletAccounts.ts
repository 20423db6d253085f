import type { WalletAccount } from '../../../domain/wallet.js';
import { accountRules, type AccountRules, type AccountRuleSet } from '../../../server/kernel/platform/ledger/accountRules.js';
import { PRODUCTS } from '../../../server/products/index.js';

/**
 * The wallet's accounts as the composition root gathers them from the products' declarations
 * (`ServerProduct.walletAccounts`), for tests that build the wallet without the whole server.
 */
export const PRODUCT_WALLET_ACCOUNTS: readonly WalletAccount[] = accountRules([], undefined, PRODUCTS.map((p) => p.walletAccounts)).kinds;

/** Account rules with every product's wallet accounts and the given rules (none: each account's available balance may leave). */
export function productAccountRules(rules: ReadonlyArray<AccountRuleSet | undefined> = []): AccountRules {
  return accountRules(rules, undefined, PRODUCTS.map((p) => p.walletAccounts));
}
