/**
 * Pages whose flows arrive with later issues (see the README status table). Each shows its real
 * title, what it is for, its real table columns with an honest empty state, and which part of
 * the product brings it to life. Keys are translation keys.
 */
export interface ScaffoldSpec {
  titleKey: string;
  introKey: string;
  columns?: string[];
  /**
   * Translation key naming what is not open yet on this server; a page that lists records says
   * they will appear there (the `…Records` keys). No text promises a control the page lacks.
   */
  pendingKey: 'pending.fiat' | 'pending.ico' | 'pending.futuresRecords' | 'pending.fiatRecords' | 'pending.icoRecords';
}

export const SCAFFOLDS = {
  subscribe: {
    titleKey: 'page.subscribe.title',
    introKey: 'page.subscribe.intro',
    columns: ['col.currency', 'col.progress', 'col.raisePrice', 'col.priceIncrease', 'col.remainingTerm', 'col.endTime', 'col.status'],
    pendingKey: 'pending.ico',
  },
  // /wallet
  logLegal: { titleKey: 'menu.wallet.logLegal', introKey: 'page.walletLog.legalIntro', columns: ['col.time', 'col.type', 'col.currency', 'col.quantity', 'col.status'], pendingKey: 'pending.fiatRecords' },
  logIco: { titleKey: 'menu.wallet.logIco', introKey: 'page.walletLog.icoIntro', columns: ['col.time', 'col.currency', 'col.quantity', 'col.paid', 'col.status'], pendingKey: 'pending.icoRecords' },
  logIcoThaw: { titleKey: 'menu.wallet.logIcoThaw', introKey: 'page.walletLog.thawIntro', columns: ['col.time', 'col.currency', 'col.quantity', 'col.status'], pendingKey: 'pending.icoRecords' },
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
    pendingKey: 'pending.fiatRecords',
  },
  // /order
  uCurrent: { titleKey: 'page.order.uCurrent', introKey: 'page.order.futuresIntro', columns: ['col.time', 'col.pair', 'col.direction', 'col.leverage', 'col.price', 'col.quantity', 'col.dealt', 'col.status', 'col.actions'], pendingKey: 'pending.futuresRecords' },
  uPlan: { titleKey: 'page.order.uPlan', introKey: 'page.order.futuresIntro', columns: ['col.time', 'col.pair', 'col.direction', 'col.triggerPrice', 'col.price', 'col.quantity', 'col.status', 'col.actions'], pendingKey: 'pending.futuresRecords' },
  uHold: {
    titleKey: 'page.order.uHold',
    introKey: 'page.order.futuresIntro',
    columns: ['col.pair', 'col.direction', 'col.leverage', 'col.openInterest', 'col.closable', 'col.avgOpenPrice', 'col.latestPrice', 'col.margin', 'col.profit', 'col.actions'],
    pendingKey: 'pending.futuresRecords',
  },
  uHistory: { titleKey: 'page.order.uHistory', introKey: 'page.order.futuresIntro', columns: ['col.time', 'col.pair', 'col.direction', 'col.price', 'col.execPrice', 'col.quantity', 'col.fee', 'col.profit', 'col.status'], pendingKey: 'pending.futuresRecords' },
  uDetail: { titleKey: 'page.order.uDetail', introKey: 'page.order.futuresIntro', columns: ['col.time', 'col.price', 'col.quantity'], pendingKey: 'pending.futuresRecords' },
  uPosition: { titleKey: 'page.order.uPosition', introKey: 'page.order.futuresIntro', columns: ['col.time', 'col.direction', 'col.price', 'col.quantity', 'col.status'], pendingKey: 'pending.futuresRecords' },
  legalOrder: { titleKey: 'page.order.legal', introKey: 'page.order.fiatIntro', columns: ['col.orderNo', 'col.direction', 'col.currency', 'col.unitPrice', 'col.quantity', 'col.total', 'col.time', 'col.status'], pendingKey: 'pending.fiatRecords' },
  subHold: { titleKey: 'page.order.subHold', introKey: 'page.order.icoIntro', columns: ['col.currency', 'col.subscribed', 'col.paid', 'col.frozen', 'col.freezeRate', 'col.status'], pendingKey: 'pending.icoRecords' },
  subEnd: { titleKey: 'page.order.subEnd', introKey: 'page.order.icoIntro', columns: ['col.currency', 'col.subscribed', 'col.winRate', 'col.winQuantity', 'col.completion', 'col.status'], pendingKey: 'pending.icoRecords' },
  subTran: { titleKey: 'page.order.subTran', introKey: 'page.order.icoIntro', columns: ['col.time', 'col.currency', 'col.quantity', 'col.paid', 'col.status'], pendingKey: 'pending.icoRecords' },
} satisfies Record<string, ScaffoldSpec>;

export type ScaffoldId = keyof typeof SCAFFOLDS;
