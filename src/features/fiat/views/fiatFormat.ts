import { groupThousands, mulDecimal, toFixedDecimal } from '../../../domain/decimal';
import { FIAT_PLACES } from '../../../domain/fiat';

/** A fiat amount with 2 decimals and grouping (spec §9: fiat conversion shows 2 decimals). */
export const money = (value: string | null | undefined) => (value == null ? '—' : groupThousands(toFixedDecimal(value, FIAT_PLACES, 'half-up')));

/** A quantity grouped by thousands, as the server wrote it. */
export const qty = (value: string | null | undefined) => (value == null ? '—' : groupThousands(value));

/** A completion rate (a fraction) as a percentage with 2 decimals. */
export const rate = (fraction: string) => `${toFixedDecimal(mulDecimal(fraction, '100'), 2, 'down')}%`;

/**
 * An advertiser's record under their name: "12 orders · 98.50% completed", or "New" for one with
 * no finished order yet, whose rate would read a meaningless 100.00% (issue 37 §18).
 */
export function merchantRecord(completed: number, completionRate: string): { key: string; params: Record<string, string | number> } {
  if (completed === 0 && toFixedDecimal(completionRate, 4, 'down') === '1.0000') return { key: 'fiat.merchantNew', params: {} };
  return { key: 'fiat.merchantRecord', params: { count: completed, rate: rate(completionRate) } };
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
