/**
 * Pages whose flows arrive with later issues (see the README status table). Each shows its real
 * title, what it is for, its real table columns with an honest empty state, and which part of
 * the product brings it to life. Keys are translation keys.
 */
export interface ScaffoldSpec {
  titleKey: string;
  introKey: string;
  columns?: string[];
  /** Translation key naming what is not open yet on this server. */
  pendingKey: 'pending.wallet' | 'pending.trading' | 'pending.fiat' | 'pending.ico';
}

export const SCAFFOLDS = {
  subscribe: {
    titleKey: 'page.subscribe.title',
    introKey: 'page.subscribe.intro',
    columns: ['col.currency', 'col.progress', 'col.raisePrice', 'col.priceIncrease', 'col.remainingTerm', 'col.endTime', 'col.status'],
    pendingKey: 'pending.ico',
  },
  // /wallet
  walletOverview: {
    titleKey: 'menu.wallet.overview',
    introKey: 'page.wallet.intro',
    columns: ['col.account', 'col.valuation', 'col.todayPnl'],
    pendingKey: 'pending.wallet',
  },
  walletSpot: { titleKey: 'menu.wallet.spot', introKey: 'page.walletAccount.intro', columns: ['col.currency', 'col.available', 'col.frozen', 'col.valuation'], pendingKey: 'pending.wallet' },
  walletContract: {
    titleKey: 'menu.wallet.contract',
    introKey: 'page.walletAccount.intro',
    columns: ['col.currency', 'col.equity', 'col.available', 'col.frozen', 'col.marginRatio', 'col.liquidationPrice'],
    pendingKey: 'pending.wallet',
  },
  walletSec: { titleKey: 'menu.wallet.secContract', introKey: 'page.walletAccount.intro', columns: ['col.currency', 'col.available', 'col.frozen', 'col.valuation'], pendingKey: 'pending.wallet' },
  walletLegal: { titleKey: 'menu.wallet.legal', introKey: 'page.walletAccount.intro', columns: ['col.currency', 'col.available', 'col.frozen', 'col.orderFrozen', 'col.valuation'], pendingKey: 'pending.wallet' },
  walletIco: {
    titleKey: 'menu.wallet.ico',
    introKey: 'page.walletAccount.intro',
    columns: ['col.currency', 'col.available', 'col.frozen', 'col.releasedToday', 'col.releasedTotal'],
    pendingKey: 'pending.wallet',
  },
  logCurrency: { titleKey: 'menu.wallet.logCurrency', introKey: 'page.walletLog.intro', columns: ['col.time', 'col.currency', 'col.quantity', 'col.network', 'col.address', 'col.status'], pendingKey: 'pending.wallet' },
  walletLog: { titleKey: 'menu.wallet.walletLog', introKey: 'page.walletLog.intro', columns: ['col.time', 'col.type', 'col.account', 'col.balanceBefore', 'col.quantity', 'col.balanceAfter'], pendingKey: 'pending.wallet' },
  logLegal: { titleKey: 'menu.wallet.logLegal', introKey: 'page.walletLog.intro', columns: ['col.time', 'col.type', 'col.currency', 'col.quantity', 'col.status'], pendingKey: 'pending.wallet' },
  logTransfer: { titleKey: 'menu.wallet.logTransfer', introKey: 'page.walletLog.intro', columns: ['col.time', 'col.currency', 'col.from', 'col.to', 'col.quantity'], pendingKey: 'pending.wallet' },
  logIco: { titleKey: 'menu.wallet.logIco', introKey: 'page.walletLog.intro', columns: ['col.time', 'col.currency', 'col.quantity', 'col.paid', 'col.status'], pendingKey: 'pending.ico' },
  logIcoThaw: { titleKey: 'menu.wallet.logIcoThaw', introKey: 'page.walletLog.intro', columns: ['col.time', 'col.currency', 'col.quantity', 'col.status'], pendingKey: 'pending.ico' },
  recharge: { titleKey: 'menu.wallet.recharge', introKey: 'page.recharge.intro', columns: ['col.time', 'col.currency', 'col.quantity', 'col.network', 'col.address', 'col.status'], pendingKey: 'pending.wallet' },
  cash: { titleKey: 'menu.wallet.cash', introKey: 'page.cash.intro', columns: ['col.time', 'col.currency', 'col.quantity', 'col.network', 'col.address', 'col.status'], pendingKey: 'pending.wallet' },
  transfer: { titleKey: 'menu.wallet.transfer', introKey: 'page.transfer.intro', pendingKey: 'pending.wallet' },
  // /deal
  dealBuyNext: { titleKey: 'page.deal.buyNext', introKey: 'page.deal.intro', pendingKey: 'pending.fiat' },
  dealBuyDetail: { titleKey: 'page.deal.buyDetail', introKey: 'page.deal.intro', pendingKey: 'pending.fiat' },
  dealBuyConfirm: { titleKey: 'page.deal.buyConfirm', introKey: 'page.deal.intro', pendingKey: 'pending.fiat' },
  dealSellNext: { titleKey: 'page.deal.sellNext', introKey: 'page.deal.intro', pendingKey: 'pending.fiat' },
  dealSellDetail: { titleKey: 'page.deal.sellDetail', introKey: 'page.deal.intro', pendingKey: 'pending.fiat' },
  dealBankCard: { titleKey: 'page.deal.bankCard', introKey: 'page.deal.intro', columns: ['col.fullName', 'col.bankName', 'col.cardNumber', 'col.actions'], pendingKey: 'pending.fiat' },
  dealHistory: {
    titleKey: 'page.deal.history',
    introKey: 'page.deal.intro',
    columns: ['col.orderNo', 'col.direction', 'col.currency', 'col.unitPrice', 'col.quantity', 'col.total', 'col.time', 'col.status'],
    pendingKey: 'pending.fiat',
  },
  // /order
  uCurrent: { titleKey: 'page.order.uCurrent', introKey: 'page.order.intro', columns: ['col.time', 'col.pair', 'col.direction', 'col.leverage', 'col.price', 'col.quantity', 'col.dealt', 'col.status', 'col.actions'], pendingKey: 'pending.trading' },
  uPlan: { titleKey: 'page.order.uPlan', introKey: 'page.order.intro', columns: ['col.time', 'col.pair', 'col.direction', 'col.triggerPrice', 'col.price', 'col.quantity', 'col.status', 'col.actions'], pendingKey: 'pending.trading' },
  uHold: {
    titleKey: 'page.order.uHold',
    introKey: 'page.order.intro',
    columns: ['col.pair', 'col.direction', 'col.leverage', 'col.openInterest', 'col.closable', 'col.avgOpenPrice', 'col.latestPrice', 'col.margin', 'col.profit', 'col.actions'],
    pendingKey: 'pending.trading',
  },
  uHistory: { titleKey: 'page.order.uHistory', introKey: 'page.order.intro', columns: ['col.time', 'col.pair', 'col.direction', 'col.price', 'col.execPrice', 'col.quantity', 'col.fee', 'col.profit', 'col.status'], pendingKey: 'pending.trading' },
  uDetail: { titleKey: 'page.order.uDetail', introKey: 'page.order.intro', columns: ['col.time', 'col.price', 'col.quantity'], pendingKey: 'pending.trading' },
  uPosition: { titleKey: 'page.order.uPosition', introKey: 'page.order.intro', columns: ['col.time', 'col.direction', 'col.price', 'col.quantity', 'col.status'], pendingKey: 'pending.trading' },
  secCurrent: { titleKey: 'page.order.secCurrent', introKey: 'page.order.intro', columns: ['col.time', 'col.pair', 'col.direction', 'col.buyPrice', 'col.quantity', 'col.currentPrice', 'col.countdown', 'col.estProfit'], pendingKey: 'pending.trading' },
  secHistory: { titleKey: 'page.order.secHistory', introKey: 'page.order.intro', columns: ['col.time', 'col.pair', 'col.direction', 'col.buyPrice', 'col.settlePrice', 'col.quantity', 'col.profit', 'col.outcome'], pendingKey: 'pending.trading' },
  legalOrder: { titleKey: 'page.order.legal', introKey: 'page.order.intro', columns: ['col.orderNo', 'col.direction', 'col.currency', 'col.unitPrice', 'col.quantity', 'col.total', 'col.time', 'col.status'], pendingKey: 'pending.fiat' },
  subHold: { titleKey: 'page.order.subHold', introKey: 'page.order.intro', columns: ['col.currency', 'col.subscribed', 'col.paid', 'col.frozen', 'col.freezeRate', 'col.status'], pendingKey: 'pending.ico' },
  subEnd: { titleKey: 'page.order.subEnd', introKey: 'page.order.intro', columns: ['col.currency', 'col.subscribed', 'col.winRate', 'col.winQuantity', 'col.completion', 'col.status'], pendingKey: 'pending.ico' },
  subTran: { titleKey: 'page.order.subTran', introKey: 'page.order.intro', columns: ['col.time', 'col.currency', 'col.quantity', 'col.paid', 'col.status'], pendingKey: 'pending.ico' },
} satisfies Record<string, ScaffoldSpec>;

export type ScaffoldId = keyof typeof SCAFFOLDS;
