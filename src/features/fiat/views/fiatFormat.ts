import { toFixedDecimal } from '../../../../domain/decimal';
import { ratioPercent } from '../../../../domain/figures';

// Fiat amounts, crypto quantities and rates are figures (domain/figures.ts: fiatAmount, money, ratioPercent).

/**
 * An advertiser's record under their name: "12 orders · 98.50% completed", or "New" for one with
 * no finished order yet, whose rate would read a meaningless 100.00% (issue 37 §18).
 */
export function merchantRecord(completed: number, completionRate: string): { key: string; params: Record<string, string | number> } {
  if (completed === 0 && toFixedDecimal(completionRate, 4, 'down') === '1.0000') return { key: 'fiat.merchantNew', params: {} };
  return { key: 'fiat.merchantRecord', params: { count: completed, rate: ratioPercent(completionRate) } };
}

/** Catalogue keys of the fiat account's ledger kinds (/wallet/log-legal). */
export const KIND_KEYS: Record<string, string | undefined> = {
  fiat_ad_freeze: 'fiat.kind.adFreeze',
  fiat_ad_unfreeze: 'fiat.kind.adUnfreeze',
  fiat_escrow: 'fiat.kind.escrow',
  fiat_escrow_return: 'fiat.kind.escrowReturn',
  fiat_release: 'fiat.kind.release',
  fiat_receive: 'fiat.kind.receive',
};

/** Catalogue keys of an order's timeline events (the operator's appeal view). */
export const EVENT_KEYS: Record<string, string | undefined> = {
  created: 'fiat.event.created',
  markPaid: 'fiat.event.markPaid',
  cancel: 'fiat.event.cancel',
  expire: 'fiat.event.expire',
  release: 'fiat.event.release',
  appeal: 'fiat.event.appeal',
  resolveRelease: 'fiat.event.resolveRelease',
  resolveReturn: 'fiat.event.resolveReturn',
  graced: 'fiat.event.graced',
};
