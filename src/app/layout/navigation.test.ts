import { describe, expect, it } from 'vitest';
import { FEATURES } from '../../features';
import { currentGroup, menuGroups } from './menuGroups';
import { collectMenus, offeredLinks, type NavGroupSpec, type NavLinkSpec } from './navigation';

const menus = collectMenus(FEATURES);
const links = (account: string | undefined) => menuGroups(menus.user, undefined, account).flatMap((g) => g.links.map((l) => l.to));
/** What a menu shows: the shell renders `to` and `labelKey` (and folds header links by `fold`). */
const shown = (list: NavLinkSpec[]) => list.map(({ to, labelKey, fold }) => ({ to, labelKey, ...(fold !== undefined && { fold }) }));
const shownGroups = (groups: NavGroupSpec[]) => groups.map((g) => ({ titleKey: g.titleKey, links: shown(g.links) }));
/** An expected menu group: its title and its [to, labelKey] links, in order. */
const group = (titleKey: string, ...links: Array<[string, string]>) => ({ titleKey, links: links.map(([to, labelKey]) => ({ to, labelKey })) });

describe('user menu (spec §2)', () => {
  it('offers email change to accounts with an at-sign', () => {
    expect(links('ada@example.com')).toContain('/user/s-emailset');
    expect(links('ada@example.com')).not.toContain('/user/s-phoneset');
  });
  it('offers phone change otherwise', () => {
    expect(links('13800138000')).toContain('/user/s-phoneset');
    expect(links('13800138000')).not.toContain('/user/s-emailset');
  });
});

/**
 * The menus as the shell listed them before each product declared its own entries (issue 39): the
 * same links, labels and order (the Playwright specs find them by label).
 */
describe('menus gathered from the products', () => {
  it('header links', () => {
    expect(shown(menus.header)).toEqual([
      { to: '/deal', labelKey: 'nav.fiatBuy', fold: 3 },
      { to: '/markets', labelKey: 'nav.markets' },
      { to: '/subscribe', labelKey: 'nav.ico', fold: 1 },
      { to: '/markets/kline/BTC_USDT', labelKey: 'nav.spot', fold: 5 },
      // A signed-in page (the gated slot), beside Spot.
      { to: '/convert', labelKey: 'nav.convert', fold: 2 },
      { to: '/contract/btc_usdt', labelKey: 'nav.contract', fold: 4 },
      { to: '/contract_sec/btc_usdt', labelKey: 'nav.secContract', fold: 2 },
    ]);
  });

  it('wallet menu', () => {
    expect(shownGroups(menuGroups(menus.wallet, undefined))).toEqual([
      group('menu.wallet.overviewGroup', ['/wallet', 'menu.wallet.overview']),
      group('menu.wallet.accounts', ['/wallet/spot', 'menu.wallet.spot'], ['/wallet/contract', 'menu.wallet.contract'], ['/wallet/secContract', 'menu.wallet.secContract'], ['/wallet/legalSymbol', 'menu.wallet.legal'], ['/wallet/subscribe', 'menu.wallet.ico']),
      group('menu.wallet.actions', ['/wallet/recharge', 'menu.wallet.recharge'], ['/wallet/cash', 'menu.wallet.cash'], ['/wallet/transfer', 'menu.wallet.transfer']),
      group('menu.wallet.records', ['/wallet/log-currency', 'menu.wallet.logCurrency'], ['/wallet/wallet-log', 'menu.wallet.walletLog'], ['/wallet/log-legal', 'menu.wallet.logLegal'], ['/wallet/log-transfer', 'menu.wallet.logTransfer'], ['/wallet/log-ico', 'menu.wallet.logIco'], ['/wallet/log-ico-thaw', 'menu.wallet.logIcoThaw']),
    ]);
  });

  it('orders menu', () => {
    expect(shownGroups(menuGroups(menus.order, undefined))).toEqual([
      group('menu.order.spot', ['/order/spot-current', 'menu.order.current'], ['/order/spot-history', 'menu.order.history']),
      group('menu.order.contract', ['/order/u-current', 'menu.order.current'], ['/order/u-plan', 'menu.order.trigger'], ['/order/u-hold', 'menu.order.position'], ['/order/u-history', 'menu.order.history']),
      group('menu.order.sec', ['/order/sec-current', 'menu.order.current'], ['/order/sec-history', 'menu.order.history']),
      group('menu.order.fiat', ['/order/legal-order', 'menu.order.fiatOrders']),
      group('menu.order.ico', ['/order/sub-hold', 'menu.order.holding'], ['/order/sub-end', 'menu.order.ended'], ['/order/sub-tran', 'menu.order.transaction']),
    ]);
  });

  it('user menu', () => {
    expect(shownGroups(menuGroups(menus.user, undefined, 'ada@example.com'))).toEqual([
      group('menu.user.infoGroup', ['/user/user', 'menu.user.info']),
      group('menu.user.security', ['/user/s-securityset', 'menu.user.securitySettings'], ['/user/s-loginpwd', 'menu.user.loginPassword'], ['/user/s-securitypwd', 'menu.user.fundPassword'], ['/user/s-emailset', 'menu.user.changeEmail'], ['/user/s-antiphishing', 'menu.user.antiPhishing'], ['/user/s-sessions', 'menu.user.sessions'], ['/user/s-loginhistory', 'menu.user.loginHistory'], ['/user/api', 'menu.user.apiKeys']),
      group('menu.user.identityGroup', ['/user/identity', 'menu.user.identity'], ['/user/identityRight', 'menu.user.identityRight']),
      group('menu.user.general', ['/user/c-set', 'menu.user.generalSettings'], ['/user/c-symAddr', 'menu.user.withdrawAddresses'], ['/user/c-collAddr', 'menu.user.collection']),
      group('menu.user.helpGroup', ['/user/helpcenter', 'menu.user.help']),
    ]);
  });

  it('drops the seconds contracts everywhere when the server switches them off', () => {
    const off = { seconds_contracts: 0 };
    const all = [...offeredLinks(menus.header, off), ...[menus.wallet, menus.order].flatMap((menu) => menuGroups(menu, off).flatMap((g) => g.links))];
    expect(all.map((l) => l.to).filter((to) => /sec/i.test(to))).toEqual([]);
    expect(menuGroups(menus.order, off).map((g) => g.titleKey)).not.toContain('menu.order.sec');
    expect(offeredLinks(menus.header, { seconds_contracts: 1 })).toHaveLength(7);
  });
});

describe("a phone's menu: the current page's group", () => {
  const orders = menuGroups(menus.order, undefined);
  const title = (pathname: string) => currentGroup(orders, pathname)?.titleKey;
  it('is the group of the entry that is the page, whose label other groups share', () => {
    expect(title('/order/spot-current')).toBe('menu.order.spot');
    expect(title('/order/u-current')).toBe('menu.order.contract');
    expect(title('/order/sec-history/')).toBe('menu.order.sec');
  });
  it('is the group of the longest entry a detail page lies under, else the first', () => {
    const wallet = menuGroups(menus.wallet, undefined);
    expect(currentGroup(wallet, '/wallet/cash/USDT')?.titleKey).toBe('menu.wallet.actions');
    expect(currentGroup(wallet, '/wallet/somewhere')?.titleKey).toBe('menu.wallet.overviewGroup');
    expect(title('/order/nowhere')).toBe('menu.order.spot');
    expect(currentGroup([], '/order')).toBeUndefined();
  });
});
