import { describe, expect, it } from 'vitest';
import { FEATURES } from '../features';
import { collectMenus } from './layout/navigation';
import { accountLabelKey, walletAccountLinks } from './walletAccountList';

/**
 * Issue 54 §2: the wallet lists the accounts the products declare on their wallet menu entries, not
 * a list of its own (WALLET_ACCOUNTS and ACCOUNT_LABEL_KEYS were): spec §2's order, names and pages.
 */
describe("the wallet's accounts", () => {
  const accounts = walletAccountLinks(collectMenus(FEATURES));

  it("are the products' declared ones, in the wallet menu's order, with its labels and pages", () => {
    expect(accounts).toEqual([
      { account: 'spot', labelKey: 'menu.wallet.spot', to: '/wallet/spot' },
      { account: 'contract', labelKey: 'menu.wallet.contract', to: '/wallet/contract' },
      { account: 'sec_contract', labelKey: 'menu.wallet.secContract', to: '/wallet/secContract' },
      { account: 'legal', labelKey: 'menu.wallet.legal', to: '/wallet/legalSymbol' },
      { account: 'ico', labelKey: 'menu.wallet.ico', to: '/wallet/subscribe' },
    ]);
  });

  it('name an account no product here declares by its kind', () => {
    expect(accountLabelKey(accounts, 'contract')).toBe('menu.wallet.contract');
    expect(accountLabelKey(accounts, 'savings')).toBeUndefined();
  });
});
