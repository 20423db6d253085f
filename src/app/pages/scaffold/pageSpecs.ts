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
  pendingKey: 'pending.futuresRecords';
}

export const SCAFFOLDS = {
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
} satisfies Record<string, ScaffoldSpec>;

export type ScaffoldId = keyof typeof SCAFFOLDS;
