/** Display languages of spec §1, in configured order; the first is the default. */
export interface Language {
  /** Name shown in the language menu, in the language itself. */
  name: string;
  /** Numeric id of spec §1. */
  value: number;
  /** Locale code, also the i18next resource key and the `lang` header. */
  lang: LocaleCode;
  /** Emoji flag shown beside the name. */
  flag: string;
}

export const LOCALE_CODES = ['en_US', 'ja_JP', 'ko_KR', 'zh_TW', 'ru_RU', 'tr_TR', 'fr_FR', 'es_ES', 'de_DE'] as const;
export type LocaleCode = (typeof LOCALE_CODES)[number];

export const LANGUAGES: readonly Language[] = [
  { name: 'English', value: 2, lang: 'en_US', flag: '🇺🇸' },
  { name: '日本語', value: 3, lang: 'ja_JP', flag: '🇯🇵' },
  { name: '한국어', value: 4, lang: 'ko_KR', flag: '🇰🇷' },
  { name: '繁體中文', value: 5, lang: 'zh_TW', flag: '🇹🇼' },
  { name: 'Русский', value: 6, lang: 'ru_RU', flag: '🇷🇺' },
  { name: 'Türkçe', value: 7, lang: 'tr_TR', flag: '🇹🇷' },
  { name: 'Français', value: 8, lang: 'fr_FR', flag: '🇫🇷' },
  { name: 'Español', value: 9, lang: 'es_ES', flag: '🇪🇸' },
  { name: 'Deutsch', value: 10, lang: 'de_DE', flag: '🇩🇪' },
];

export const DEFAULT_LANGUAGE: Language = LANGUAGES[0]!;

export function isLocaleCode(value: unknown): value is LocaleCode {
  return typeof value === 'string' && (LOCALE_CODES as readonly string[]).includes(value);
}

/** A stored language is trusted only if it is exactly one of the configured ones. */
export function matchLanguage(stored: unknown): Language | undefined {
  if (!stored || typeof stored !== 'object') return undefined;
  const s = stored as Partial<Language>;
  return LANGUAGES.find((l) => l.lang === s.lang && l.value === s.value);
}

/** Reads a `lang` header leniently: exact code, or a BCP-47 style prefix such as "ja" or "ja-JP". */
export function localeFromHeader(header: unknown): LocaleCode {
  if (typeof header !== 'string' || header.length === 0) return DEFAULT_LANGUAGE.lang;
  const normal = header.trim().replace('-', '_');
  if (isLocaleCode(normal)) return normal;
  const prefix = normal.slice(0, 2).toLowerCase();
  return LANGUAGES.find((l) => l.lang.startsWith(prefix))?.lang ?? DEFAULT_LANGUAGE.lang;
}
