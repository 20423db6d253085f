/**
 * Free text an operator writes per display language (an ICO project's description): the rules the
 * server applies when it stores and answers it, shared with the browser's form.
 */
import { DEFAULT_LANGUAGE, LOCALE_CODES, type LocaleCode } from './languages';

/** Text by language; the default language's is the one every other falls back to. */
export type TextsByLanguage = Partial<Record<LocaleCode, string>>;

/** A text as answered to a reader: in `lang`, and whether that is the default standing in for theirs. */
export interface LocalisedText {
  text: string;
  lang: LocaleCode;
  fallback: boolean;
}

/** The text in `lang` if there is one, else the default language's (marked as the fallback). */
export function textIn(texts: TextsByLanguage, lang: LocaleCode): LocalisedText {
  const own = texts[lang];
  if (own) return { text: own, lang, fallback: false };
  const fallback = DEFAULT_LANGUAGE.lang;
  return { text: texts[fallback] ?? '', lang: fallback, fallback: lang !== fallback };
}

/**
 * `changes` applied to `current`: each text trimmed; a blank one removes its language (so readers
 * get the default's instead of an empty paragraph); languages not named are kept. Keys come out in
 * the configured language order, so the stored object reads the same whatever order they were sent in.
 */
export function mergeTexts(current: TextsByLanguage, changes: TextsByLanguage): TextsByLanguage {
  const merged: TextsByLanguage = {};
  for (const lang of LOCALE_CODES) {
    const text = (lang in changes ? changes[lang] : current[lang])?.trim();
    if (text) merged[lang] = text;
  }
  return merged;
}
