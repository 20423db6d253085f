/**
 * Names other people trust — a nickname is what P2P shows as a merchant's name — must not mix
 * alphabets within a word (issue 49 §6): "Аtlas OTC" with a Cyrillic "А" reads as "Atlas OTC" but
 * is another name. This is the "highly restrictive" level of Unicode's UTS #39 (section 5.2),
 * applied word by word: each word is in one script, or in Latin with the scripts a Chinese,
 * Japanese or Korean name mixes (Han with Bopomofo, with Hiragana and Katakana, or with Hangul).
 * Scripts are read with the engine's Unicode property escapes (\p{Script=…}), never a table of our
 * own; digits, punctuation, symbols and emoji (Common) and combining marks (Inherited) belong to
 * every script. A whole word in one look-alike script ("ОТС" in Cyrillic) passes here: the server
 * compares the name's confusable skeleton with the names already taken (accounts/names/lookAlike.ts).
 * The form and the server apply this one rule. Pure: no I/O.
 */

/** The scripts told apart (the others are "some other script", one more). */
const SCRIPTS = [
  'Latin', 'Cyrillic', 'Greek', 'Armenian', 'Georgian', 'Hebrew', 'Arabic', 'Syriac', 'Thaana', 'Devanagari', 'Bengali', 'Gurmukhi', 'Gujarati', 'Oriya',
  'Tamil', 'Telugu', 'Kannada', 'Malayalam', 'Sinhala', 'Thai', 'Lao', 'Tibetan', 'Myanmar', 'Khmer', 'Mongolian', 'Ethiopic', 'Cherokee', 'Canadian_Aboriginal',
  'Han', 'Hiragana', 'Katakana', 'Hangul', 'Bopomofo', 'Coptic', 'Tifinagh', 'Runic', 'Ogham', 'Vai', 'Yi', 'Lisu', 'Osage', 'Adlam', 'Nko',
] as const;
const PATTERNS = SCRIPTS.map((name) => [name, new RegExp(`^\\p{Script=${name}}$`, 'u')] as const);
const NEUTRAL = /^[\p{Script=Common}\p{Script=Inherited}]$/u;

/** The mixes a single word may have: one script, or Latin with those of a CJK name. */
const ALLOWED_MIXES: ReadonlyArray<ReadonlySet<string>> = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

/** The scripts of a word's characters (Common and Inherited left out). */
export function scriptsOf(word: string): Set<string> {
  const found = new Set<string>();
  for (const char of word) {
    if (NEUTRAL.test(char)) continue;
    found.add(PATTERNS.find(([, pattern]) => pattern.test(char))?.[0] ?? 'other');
  }
  return found;
}

/** Whether one word mixes scripts beyond what UTS #39's highly restrictive level allows. */
export function wordMixesScripts(word: string): boolean {
  const scripts = scriptsOf(word);
  if (scripts.size <= 1) return false;
  return !ALLOWED_MIXES.some((mix) => [...scripts].every((s) => mix.has(s)));
}

/** Whether any word of `name` (split at white space) mixes scripts: "Аtlas OTC" does, "Иван Smith" does not. */
export function mixesScripts(name: string): boolean {
  return name.split(/\s+/u).some(wordMixesScripts);
}
