/**
 * A collection method's card or account number (issue 49 §6: `<script>` was stored as one). The
 * P2P buyer copies it into their bank to pay, so it must be a number a bank takes:
 * - as typed, groups of letters and digits split by spaces or dashes ("6222 0000 1111",
 *   "4000-1234-5678-9010"); nothing else — no markup, no control or hidden character, no other
 *   punctuation;
 * - then either digits only, 6 to 34 of them (a card or a domestic account number), or an IBAN
 *   (ISO 13616: a country's two letters, two check digits, 11 to 30 letters and digits), whose check
 *   digits must hold (ISO 7064 mod 97-10);
 * - a number a card network's prefix and length mark as a card (Visa 4…, Mastercard 51–55 and
 *   2221–2720, American Express 34/37, Discover 6011/65, JCB 3528–3589) must pass the Luhn check all
 *   those networks use, which catches a mistyped digit. Other digit strings may be account numbers
 *   (or cards of networks that do not use Luhn throughout, such as UnionPay 62…), which have no
 *   check digit every bank shares, so only their shape is checked.
 * The form (domain/validation.ts) and the server (accounts/settingsRules.ts) apply this one rule.
 */
export type PayeeNumberProblem = 'cardNumberInvalid' | 'cardNumberChecksum' | 'ibanChecksum';

const SHAPE = /^[A-Za-z0-9]+(?:[ -]+[A-Za-z0-9]+)*$/;
const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

/** The number without the spaces and dashes it was typed with, letters upper case. */
export const compactPayeeNumber = (raw: string): string => raw.trim().replace(/[ -]/g, '').toUpperCase();

/** The Luhn check (ISO/IEC 7812-1) over a string of digits. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** Whether a card network that uses the Luhn check issues numbers of this prefix and length. */
export function looksLikeLuhnCard(digits: string): boolean {
  const n = digits.length;
  const prefix = (k: number) => Number(digits.slice(0, k));
  if (digits.startsWith('4')) return n === 13 || n === 16 || n === 19;
  if ((prefix(2) >= 51 && prefix(2) <= 55) || (prefix(4) >= 2221 && prefix(4) <= 2720)) return n === 16;
  if (prefix(2) === 34 || prefix(2) === 37) return n === 15;
  if (digits.startsWith('6011') || digits.startsWith('65')) return n >= 16 && n <= 19;
  if (prefix(4) >= 3528 && prefix(4) <= 3589) return n >= 16 && n <= 19;
  return false;
}

/** ISO 7064 mod 97-10 over an IBAN: the first four characters moved to the end, letters as 10–35. */
export function ibanValid(iban: string): boolean {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const char of moved) {
    const value = char >= 'A' && char <= 'Z' ? char.charCodeAt(0) - 55 : Number(char);
    rest = (rest * (value > 9 ? 100 : 10) + value) % 97;
  }
  return rest === 1;
}

/** What is wrong with a card or account number as typed, or undefined (an empty one is the form's "required"). */
export function payeeNumberProblem(raw: string): PayeeNumberProblem | undefined {
  const typed = raw.trim();
  if (typed.length > 64 || !SHAPE.test(typed)) return 'cardNumberInvalid';
  const number = compactPayeeNumber(typed);
  if (/^\d+$/.test(number)) {
    if (number.length < 6 || number.length > 34) return 'cardNumberInvalid';
    return looksLikeLuhnCard(number) && !luhnValid(number) ? 'cardNumberChecksum' : undefined;
  }
  if (!IBAN.test(number)) return 'cardNumberInvalid';
  return ibanValid(number) ? undefined : 'ibanChecksum';
}
