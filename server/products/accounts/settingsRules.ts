import { ADDRESS_NOTE_MAX, ADDRESS_NOTE_MIN } from '../../../domain/constants.js';
import { hasHiddenCharacters } from '../../../domain/displayText.js';
import { isFiatCode } from '../../../domain/fiat.js';
import './messages.js';

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
  | 'addressRequired'
  | 'networkRequired'
  | 'currencyRequired'
  | 'noteLength'
  | 'realNameRequired'
  | 'cardNumberRequired'
  | 'bankNameRequired'
  | 'collCurrencyUnknown'
  | 'textHiddenCharacters';

export function nicknameProblem(raw: string): SettingsProblem | undefined {
  const nickname = raw.trim();
  if (!nickname) return 'nicknameRequired';
  if ([...nickname].length > NICKNAME_MAX) return 'nicknameTooLong';
  // The raw text: trim() would take a U+FEFF or U+2029 off the ends unnoticed.
  if (hasHiddenCharacters(raw)) return 'nicknameHiddenCharacters';
  return undefined;
}

export interface AddressInput {
  currency: string;
  network: string;
  address: string;
  note: string;
}

/** Withdrawal address: address required; note required, 4 to 20 characters (spec §5, §9). */
export function addressProblem(input: AddressInput): SettingsProblem | undefined {
  if (!input.currency.trim()) return 'currencyRequired';
  if (!input.network.trim()) return 'networkRequired';
  if (!input.address.trim()) return 'addressRequired';
  const note = [...input.note.trim()].length;
  if (note < ADDRESS_NOTE_MIN || note > ADDRESS_NOTE_MAX) return 'noteLength';
  return undefined;
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
  const currency = (input.currency ?? '').trim();
  if (currency && !isFiatCode(currency.toUpperCase())) return 'collCurrencyUnknown';
  return undefined;
}
