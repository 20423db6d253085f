import { compareDecimal, isDecimalString, toFixedDecimal } from '../../../../domain/decimal';
import { FIAT_PLACES } from '../../../../domain/fiat';
import { count, fiatAmount, ratioPercent } from '../../../../domain/figures';
import { fiatDigits, localDigits } from '../../../../domain/localeFormat';

// Fiat amounts, crypto quantities and rates are figures (domain/figures.ts: fiatAmount, money, ratioPercent).

/**
 * A P2P amount or price in `code`, at the currency's minor units where that loses nothing: yen and
 * won are whole ("1,500 – 3,000,000 JPY", as the home page shows them), not "1,500.00". The wire
 * carries 2 places for every fiat (§9), so a yen amount that has a fraction keeps the 2 places
 * rather than read a rounded sum.
 */
export function fiatFigure(value: string | null | undefined, code: string): string {
  const places = fiatDigits(code);
  const whole = places < FIAT_PLACES && isDecimalString(value) ? toFixedDecimal(value, places, 'down') : undefined;
  return whole !== undefined && compareDecimal(whole, value!) === 0 ? count(whole) : fiatAmount(value);
}

/** An empty amount field's placeholder in `code`: "0" for yen and won, "0.00" (in the reader's digits) for the others. */
export const fiatPlaceholder = (code: string) => localDigits(fiatDigits(code) < FIAT_PLACES ? '0' : '0.00');

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
