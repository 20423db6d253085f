import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LOCALE_CODES, type LocaleCode } from '../domain/languages';
import { RESOURCES } from '../locales';

/** i18next with all 9 catalogues bundled; English is the fallback for a missing key. */
export async function initI18n(lang: LocaleCode = DEFAULT_LANGUAGE.lang): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    resources: Object.fromEntries(LOCALE_CODES.map((code) => [code, { translation: RESOURCES[code] }])),
    lng: lang,
    fallbackLng: DEFAULT_LANGUAGE.lang,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
