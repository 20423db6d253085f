import type { LocaleCode } from '../../../../domain/languages.js';
import { formatDateTime, numberStyleOf } from '../../../../domain/localeFormat.js';
import { groupThousands } from '../../../../domain/decimal.js';

/*
 * A message's variables that are written when the message is, in the reader's style: moments and
 * amounts. Marked where a refusal is made (pure code, such as the futures engine's rules, marks
 * them too: this file reads no catalogue), written by translate (messages.ts).
 */

/** A time in refusals when the reader's time zone is not known: the same digits in every language, in UTC ("2026-11-26 18:20 UTC"). */
export const formatUtc = (ms: number): string => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** Marks a refusal's variable as a moment; no text a user types starts with the control character. */
const MOMENT = '\u0001moment:';

/**
 * A moment in a refusal ("withdrawals are locked until {until}"), written when the message is:
 * in the reader's language and time zone as every date on the pages (issue 50 M5: the address
 * book shows local time, the refusal said "2026-11-28 10:29 UTC"), in UTC with its mark when the
 * caller sent no time zone (an API client, a test).
 */
export const momentVar = (ms: number): string => `${MOMENT}${Math.trunc(ms)}`;

/** Marks a refusal's variable as a decimal (a price, a range's edge), written when the message is. */
const NUMBER = '\u0001number:';

/**
 * A decimal in a refusal ("between {low} and {high}"), written in the reader's number style as the
 * pages write it (German "19.250,00", English "19,250.00"); an API client reads it the same way.
 */
export const numberVar = (decimal: string): string => `${NUMBER}${decimal}`;

/** A variable as the reader reads it: an amount in their number style, a moment in their time zone (UTC when not known), any other as given. */
export function shownVar(value: string | undefined, lang: LocaleCode, timeZone: string | undefined): string {
  if (value === undefined) return '';
  if (value.startsWith(NUMBER)) return groupThousands(value.slice(NUMBER.length), numberStyleOf(lang));
  if (!value.startsWith(MOMENT)) return value;
  const ms = Number(value.slice(MOMENT.length));
  return timeZone ? formatDateTime(ms, lang, timeZone) : formatUtc(ms);
}
