/**
 * Text that other people read as a name — a nickname (a P2P merchant's name), a collection
 * method's payee, bank and account — must show what it says. Characters that change how the text
 * around them is drawn, or draw nothing at all, let "Atlas OTC" be imitated (U+202E turns
 * "Atlas\u202eCTO" into "AtlasOTC" on screen) or a name look empty. Refused, by the forms and the
 * server alike:
 * - controls (Cc: C0, DEL, C1 such as U+0085), which strict input refuses only in part;
 * - format characters (Cf): bidi embeddings and overrides U+202A–U+202E, isolates U+2066–U+2069,
 *   marks U+200E, U+200F, U+061C, zero-width U+200B–U+200D, U+2060, U+FEFF, the soft hyphen — the
 *   zero-width joiner of emoji sequences goes with them; single emoji stay welcome;
 * - line and paragraph separators (Zl, Zp), private-use characters (Co) and lone surrogates (Cs);
 * - fillers that are letters but print as blanks (Hangul fillers, U+2800 braille blank).
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cs}\u115f\u1160\u3164\uffa0\u2800]/u;

/** Whether `text` holds a character that hides itself or reorders the text around it. */
export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN.test(text);
}
