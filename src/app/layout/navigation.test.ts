import { describe, expect, it } from 'vitest';
import { FEATURES } from '../../features';
import { menuGroups } from './menuGroups';
import { collectMenus, offeredLinks, type NavGroupSpec, type NavLinkSpec } from './navigation';

const menus = collectMenus(FEATURES);
const links = (account: string | undefined) => menuGroups(menus.user, undefined, account).flatMap((g) => g.links.map((l) => l.to));
/** What a menu shows: the shell renders `to` and `labelKey` (and folds header links by `fold`). */
const shown = (list: NavLinkSpec[]) => list.map(({ to, labelKey, fold }) => ({ to, labelKey, ...(fold !== undefined && { fold }) }));
const shownGroups = (groups: NavGroupSpec[]) => groups.map((g) => ({ titleKey: g.titleKey, links: shown(g.links) }));

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
      { to: '/contract/btc_usdt', labelKey: 'nav.contract', fold: 4 },
      { to: '/contract_sec/btc_usdt', labelKey: 'nav.secContract', fold: 2 },
    ]);
  });

  it('wallet menu', () => {
    expect(shownGroups(menuGroups(menus.wallet, undefined))).toEqual([
      { titleKey: 'menu.wallet.overviewGroup', links: [{ to: '/wallet', labelKey: 'menu.wallet.overview' }] },
      {
        titleKey: 'menu.wallet.accounts',
        links: [
          { to: '/wallet/spot', labelKey: 'menu.wallet.spot' },
          { to: '/wallet/contract', labelKey: 'menu.wallet.contract' },
          { to: '/wallet/secContract', labelKey: 'menu.wallet.secContract' },
          { to: '/wallet/legalSymbol', labelKey: 'menu.wallet.legal' },
          { to: '/wallet/subscribe', labelKey: 'menu.wallet.ico' },
        ],
      },
      {
        titleKey: 'menu.wallet.actions',
        links: [
          { to: '/wallet/recharge', labelKey: 'menu.wallet.recharge' },
          { to: '/wallet/cash', labelKey: 'menu.wallet.cash' },
          { to: '/wallet/transfer', labelKey: 'menu.wallet.transfer' },
        ],
      },
      {
        titleKey: 'menu.wallet.records',
        links: [
          { to: '/wallet/log-currency', labelKey: 'menu.wallet.logCurrency' },
          { to: '/wallet/wallet-log', labelKey: 'menu.wallet.walletLog' },
          { to: '/wallet/log-legal', labelKey: 'menu.wallet.logLegal' },
          { to: '/wallet/log-transfer', labelKey: 'menu.wallet.logTransfer' },
          { to: '/wallet/log-ico', labelKey: 'menu.wallet.logIco' },
          { to: '/wallet/log-ico-thaw', labelKey: 'menu.wallet.logIcoThaw' },
        ],
      },
    ]);
  });

  it('orders menu', () => {
    expect(shownGroups(menuGroups(menus.order, undefined))).toEqual([
      {
        titleKey: 'menu.order.spot',
        links: [
          { to: '/order/spot-current', labelKey: 'menu.order.current' },
          { to: '/order/spot-history', labelKey: 'menu.order.history' },
        ],
      },
      {
        titleKey: 'menu.order.contract',
        links: [
          { to: '/order/u-current', labelKey: 'menu.order.current' },
          { to: '/order/u-plan', labelKey: 'menu.order.trigger' },
          { to: '/order/u-hold', labelKey: 'menu.order.position' },
          { to: '/order/u-history', labelKey: 'menu.order.history' },
        ],
      },
      {
        titleKey: 'menu.order.sec',
        links: [
          { to: '/order/sec-current', labelKey: 'menu.order.current' },
          { to: '/order/sec-history', labelKey: 'menu.order.history' },
        ],
      },
      { titleKey: 'menu.order.fiat', links: [{ to: '/order/legal-order', labelKey: 'menu.order.fiatOrders' }] },
      {
        titleKey: 'menu.order.ico',
        links: [
          { to: '/order/sub-hold', labelKey: 'menu.order.holding' },
          { to: '/order/sub-end', labelKey: 'menu.order.ended' },
          { to: '/order/sub-tran', labelKey: 'menu.order.transaction' },
        ],
      },
    ]);
  });

  it('user menu', () => {
    expect(shownGroups(menuGroups(menus.user, undefined, 'ada@example.com'))).toEqual([
      { titleKey: 'menu.user.infoGroup', links: [{ to: '/user/user', labelKey: 'menu.user.info' }] },
      {
        titleKey: 'menu.user.security',
        links: [
          { to: '/user/s-securityset', labelKey: 'menu.user.securitySettings' },
          { to: '/user/s-loginpwd', labelKey: 'menu.user.loginPassword' },
          { to: '/user/s-securitypwd', labelKey: 'menu.user.fundPassword' },
          { to: '/user/s-emailset', labelKey: 'menu.user.changeEmail' },
          { to: '/user/s-antiphishing', labelKey: 'menu.user.antiPhishing' },
          { to: '/user/s-sessions', labelKey: 'menu.user.sessions' },
          { to: '/user/s-loginhistory', labelKey: 'menu.user.loginHistory' },
          { to: '/user/api', labelKey: 'menu.user.apiKeys' },
        ],
      },
      {
        titleKey: 'menu.user.identityGroup',
        links: [
          { to: '/user/identity', labelKey: 'menu.user.identity' },
          { to: '/user/identityRight', labelKey: 'menu.user.identityRight' },
        ],
      },
      {
        titleKey: 'menu.user.general',
        links: [
          { to: '/user/c-set', labelKey: 'menu.user.generalSettings' },
          { to: '/user/c-symAddr', labelKey: 'menu.user.withdrawAddresses' },
          { to: '/user/c-collAddr', labelKey: 'menu.user.collection' },
        ],
      },
      { titleKey: 'menu.user.helpGroup', links: [{ to: '/user/helpcenter', labelKey: 'menu.user.help' }] },
    ]);
  });

  it('drops the seconds contracts everywhere when the server switches them off', () => {
    const off = { seconds_contracts: 0 };
    const all = [...offeredLinks(menus.header, off), ...[menus.wallet, menus.order].flatMap((menu) => menuGroups(menu, off).flatMap((g) => g.links))];
    expect(all.map((l) => l.to).filter((to) => /sec/i.test(to))).toEqual([]);
    expect(menuGroups(menus.order, off).map((g) => g.titleKey)).not.toContain('menu.order.sec');
    expect(offeredLinks(menus.header, { seconds_contracts: 1 })).toHaveLength(6);
  });
});
