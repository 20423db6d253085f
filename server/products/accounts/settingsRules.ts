import { addressNoteProblem } from '../../../domain/addressNote.js';
import { hasHiddenCharacters } from '../../../domain/displayText.js';
import { isFiatCode } from '../../../domain/fiat.js';
import { mixesScripts } from '../../../domain/nameScripts.js';
import { payeeNumberProblem } from '../../../domain/payeeNumber.js';
import './messages.js';
import './names/messages.js';

/**
 * Rules for the user centre's own data (spec §5, §9), shared by the server checks and mirrored by
 * the browser's yup schemas in domain/validation.ts. Pure: no I/O.
 */
export const NICKNAME_MAX = 24;
export const AVATAR_MAX_BYTES = 200 * 1024;

export type SettingsProblem =
  | 'nicknameRequired'
  | 'nicknameTooLong'
  | 'nicknameHiddenCharacters'
  | 'nicknameMixedScripts'
  | 'addressRequired'
  | 'networkRequired'
  | 'currencyRequired'
  | 'noteLength'
  | 'noteUnsafe'
  | 'realNameRequired'
  | 'cardNumberRequired'
  | 'cardNumberInvalid'
  | 'cardNumberChecksum'
  | 'ibanChecksum'
  | 'bankNameRequired'
  | 'collCurrencyUnknown'
  | 'textHiddenCharacters';

export function nicknameProblem(raw: string): SettingsProblem | undefined {
  const nickname = raw.trim();
  if (!nickname) return 'nicknameRequired';
  if ([...nickname].length > NICKNAME_MAX) return 'nicknameTooLong';
  // The raw text: trim() would take a U+FEFF or U+2029 off the ends unnoticed.
  if (hasHiddenCharacters(raw)) return 'nicknameHiddenCharacters';
  // "Аtlas OTC" (a Cyrillic А) for "Atlas OTC": no word mixes alphabets (issue 49 §6).
  if (mixesScripts(nickname)) return 'nicknameMixedScripts';
  return undefined;
}

export interface AddressInput {
  currency: string;
  network: string;
  address: string;
  note: string;
}

/**
 * Withdrawal address: address required; note required, 4 to 20 characters (spec §5, §9), shown as
 * typed (domain/addressNote.ts: no hidden or text-direction characters, no markup). Give the note
 * untrimmed: trim() would take a U+FEFF or U+2028 off its ends unnoticed.
 */
export function addressProblem(input: AddressInput): SettingsProblem | undefined {
  if (!input.currency.trim()) return 'currencyRequired';
  if (!input.network.trim()) return 'networkRequired';
  if (!input.address.trim()) return 'addressRequired';
  return addressNoteProblem(input.note);
}

export interface CollectionInput {
  real_name: string;
  card_number: string;
  bank_name: string;
  currency?: string;
  branch?: string;
}

/**
 * Collection method: real name, card number and bank name required; branch optional (spec §5). The
 * counterparty of a P2P order reads all of it as the payee's details, so none may hide or reorder
 * characters; the currency, when given, is a fiat code (case aside), not "SPOT".
 */
export function collectionProblem(input: CollectionInput): SettingsProblem | undefined {
  if (!input.real_name.trim()) return 'realNameRequired';
  if (!input.card_number.trim()) return 'cardNumberRequired';
  if (!input.bank_name.trim()) return 'bankNameRequired';
  const texts = [input.real_name, input.card_number, input.bank_name, input.branch ?? '', input.currency ?? ''];
  if (texts.some(hasHiddenCharacters)) return 'textHiddenCharacters';
  // A number a bank takes, by its format (domain/payeeNumber.ts): `<script>` was stored (issue 49 §6).
  const number = payeeNumberProblem(input.card_number);
  if (number) return number;
  const currency = (input.currency ?? '').trim();
  if (currency && !isFiatCode(currency.toUpperCase())) return 'collCurrencyUnknown';
  return undefined;
}
