import { ADDRESS_NOTE_MAX, ADDRESS_NOTE_MIN } from './constants';
import { hasHiddenCharacters } from './displayText';

/**
 * A withdrawal address's note (spec §5, §9: 4 to 20 characters). The address book and the
 * withdrawal form show it beside the address the money goes to, so it must read as it is stored
 * (issue 49 §6): no character that hides itself or turns the text around it (bidi controls such as
 * U+202E, zero-width characters: displayText.ts), and no markup — "<" and ">" have no place in a
 * label and would make the note HTML wherever it is ever put into a page or an email unescaped.
 * The form and the server apply this one rule.
 */
export type AddressNoteProblem = 'noteLength' | 'noteUnsafe';

const MARKUP = /[<>]/;

/** What is wrong with a note as typed (untrimmed: a hidden character at an end counts too), or undefined. */
export function addressNoteProblem(raw: string): AddressNoteProblem | undefined {
  const length = [...raw.trim()].length;
  if (length < ADDRESS_NOTE_MIN || length > ADDRESS_NOTE_MAX) return 'noteLength';
  if (hasHiddenCharacters(raw) || MARKUP.test(raw)) return 'noteUnsafe';
  return undefined;
}
