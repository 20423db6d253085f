import type { LocaleCode } from '../../../domain/languages.js';

import { NOTIFICATION_KINDS, type NotificationKind } from '../../../domain/informHelp.js';
import { loadCatalogues } from '../i18n/catalogues.js';
import { groupThousands, isDecimalString } from '../../../domain/decimal.js';

export { NOTIFICATION_KINDS, type NotificationKind };

interface Text {
  title: string;
  body: string;
}
type Catalogue = Record<NotificationKind, Text>;

/**
 * Notification texts in the 9 display languages: locales/<locale>.json, a title and a body per
 * kind. Placeholders: login_new_device {device} {ip}; kyc_rejected {reason}; deposit_credited
 * {quantity} {currency} {network}; withdrawal_completed {quantity} {currency} {network} {address};
 * withdrawal_failed {quantity} {currency} {network} {reason}. They are filled at read time, so
 * stored rows never hold rendered text.
 */
export const NOTIFICATION_TEXTS: Record<LocaleCode, Catalogue> = loadCatalogues<Catalogue>(new URL('./locales/', import.meta.url));

/** Figures in notifications read like everywhere else: grouped by thousands (issue 37 §8, "5,000 USDT"). */
const FIGURES = new Set(['quantity', 'amount', 'price', 'trigger']);
const shown = (name: string, value: string | undefined) => (value === undefined ? '' : FIGURES.has(name) && isDecimalString(value) ? groupThousands(value) : value);

/** Renders a stored notification in `lang`; unknown parameters become empty, so a template never leaks braces. */
export function renderNotification(lang: LocaleCode, kind: NotificationKind, params: Record<string, string>): Text {
  const text = NOTIFICATION_TEXTS[lang][kind] ?? NOTIFICATION_TEXTS.en_US[kind];
  const fill = (template: string) => template.replace(/\{(\w+)\}/g, (_, name: string) => shown(name, params[name])).trim();
  return { title: fill(text.title), body: fill(text.body) };
}
