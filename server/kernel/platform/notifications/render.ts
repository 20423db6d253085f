import type { LocaleCode } from '../../../../domain/languages.js';

import { NOTIFICATION_KINDS, type NotificationKind } from '../../../../domain/informHelp.js';
import { loadCatalogues } from '../i18n/catalogues.js';
import { isDecimalString, type NumberStyle } from '../../../../domain/decimal.js';
import { count, fiatAmount, money } from '../../../../domain/figures.js';
import { numberStyleOf } from '../../../../domain/localeFormat.js';

export { NOTIFICATION_KINDS, type NotificationKind };

interface Text {
  title: string;
  body: string;
}
type Catalogue = Record<NotificationKind, Text>;

/**
 * Notification texts in the 9 display languages: locales/<locale>.json, a title and a body per
 * kind. Placeholders: login_new_device {device} {ip}; kyc_rejected {reason}; deposit_credited
 * {quantity} {currency} {network}; deposit_returned {quantity} {currency} {network} {address}; withdrawal_completed {quantity} {currency} {network} {address};
 * withdrawal_failed {quantity} {currency} {network} {reason}. They are filled at read time, so
 * stored rows never hold rendered text.
 */
export const NOTIFICATION_TEXTS: Record<LocaleCode, Catalogue> = loadCatalogues<Catalogue>(new URL('./locales/', import.meta.url));

/**
 * Figures in notifications read like the same figures on the pages (issue 50 M4, M6), through
 * domain/figures.ts in the reader's number style: an amount of an asset at its places ("50.00
 * USDT", "0.00500000 BTC"), a P2P fiat amount at 2 ("30.60 USD"), in "1.234,50" style in German.
 * A price or a pair's quantity (stop orders) carries no precision here: its digits stay as the
 * server wrote them (at the pair's precision), only grouped in the reader's style.
 */
function shown(name: string, params: Record<string, string>, style: NumberStyle): string {
  const value = params[name];
  if (value === undefined) return '';
  if (!isDecimalString(value)) return value;
  const asset = params.currency ?? params.crypto;
  if (name === 'quantity' && asset !== undefined) return money(value, asset, style);
  if (name === 'amount' && params.fiat !== undefined) return fiatAmount(value, style);
  // `traded`: the price a trade reached (a price alert's).
  return name === 'quantity' || name === 'amount' || name === 'price' || name === 'trigger' || name === 'traded' ? count(value, style) : value;
}

/** Renders a stored notification in `lang`; unknown parameters become empty, so a template never leaks braces. */
export function renderNotification(lang: LocaleCode, kind: NotificationKind, params: Record<string, string>): Text {
  const text = NOTIFICATION_TEXTS[lang][kind] ?? NOTIFICATION_TEXTS.en_US[kind];
  const style = numberStyleOf(lang);
  const fill = (template: string) => template.replace(/\{(\w+)\}/g, (_, name: string) => shown(name, params, style)).trim();
  return { title: fill(text.title), body: fill(text.body) };
}
