/**
 * The menus of spec §2 as data: header links, the wallet and orders dropdowns, and the left
 * menus of /user, /wallet and /order. Labels are translation keys.
 */
export interface NavLinkSpec {
  to: string;
  labelKey: string;
  /** Header links: the order in which a narrow header moves them under "More" (1 first); never without. */
  fold?: number;
}

export interface NavGroupSpec {
  titleKey: string;
  links: NavLinkSpec[];
}

/** Links of the seconds contracts (header, wallet account, orders group), dropped when the server switches them off. */
const SECONDS_LINK = /^\/(contract_sec\/|wallet\/secContract$|order\/sec-)/;

/** The links a deployment offers: plat_config sys.seconds_contracts 0 removes the seconds contracts' entries. */
export function offeredLinks(links: NavLinkSpec[], sys: { seconds_contracts?: number } | undefined): NavLinkSpec[] {
  return sys?.seconds_contracts === 0 ? links.filter((l) => !SECONDS_LINK.test(l.to)) : links;
}

export function offeredGroups(groups: NavGroupSpec[], sys: { seconds_contracts?: number } | undefined): NavGroupSpec[] {
  return groups.map((g) => ({ ...g, links: offeredLinks(g.links, sys) })).filter((g) => g.links.length > 0);
}

export const HEADER_LINKS: NavLinkSpec[] = [
  { to: '/deal', labelKey: 'nav.fiatBuy', fold: 3 },
  { to: '/markets', labelKey: 'nav.markets' },
  { to: '/subscribe', labelKey: 'nav.ico', fold: 1 },
  { to: '/markets/kline/BTC_USDT', labelKey: 'nav.spot', fold: 5 },
  { to: '/contract/btc_usdt', labelKey: 'nav.contract', fold: 4 },
  { to: '/contract_sec/btc_usdt', labelKey: 'nav.secContract', fold: 2 },
];

export const WALLET_MENU: NavGroupSpec[] = [
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
];

export const ORDER_MENU: NavGroupSpec[] = [
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
];

/**
 * Spec §2: the user menu. Email change is listed only for accounts that contain an at-sign,
 * phone change otherwise.
 */
export function userMenu(account: string | undefined): NavGroupSpec[] {
  const isEmail = account?.includes('@') ?? false;
  return [
    { titleKey: 'menu.user.infoGroup', links: [{ to: '/user/user', labelKey: 'menu.user.info' }] },
    {
      titleKey: 'menu.user.security',
      links: [
        { to: '/user/s-securityset', labelKey: 'menu.user.securitySettings' },
        { to: '/user/s-loginpwd', labelKey: 'menu.user.loginPassword' },
        { to: '/user/s-securitypwd', labelKey: 'menu.user.fundPassword' },
        isEmail ? { to: '/user/s-emailset', labelKey: 'menu.user.changeEmail' } : { to: '/user/s-phoneset', labelKey: 'menu.user.changePhone' },
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
  ];
}
