import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, type LocaleCode } from '../domain/languages';
import { EN_US_CATALOGUE, loadCatalogue } from '../locales';

/** Fetches a language's catalogue if this instance lacks it (English is always there). */
async function ensureCatalogue(instance: i18n, lang: LocaleCode): Promise<void> {
  if (instance.hasResourceBundle(lang, 'translation')) return;
  instance.addResourceBundle(lang, 'translation', await loadCatalogue(lang));
}

/** i18next with English bundled (the fallback for a missing key) and `lang` loaded; English is the fallback. */
export async function initI18n(lang: LocaleCode = DEFAULT_LANGUAGE.lang): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    resources: { en_US: { translation: EN_US_CATALOGUE } },
    lng: DEFAULT_LANGUAGE.lang,
    fallbackLng: DEFAULT_LANGUAGE.lang,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  if (lang !== DEFAULT_LANGUAGE.lang) await changeLanguage(instance, lang);
  return instance;
}

/** Switches the language once its catalogue is here (fetched on first use). */
export async function changeLanguage(instance: i18n, lang: LocaleCode): Promise<void> {
  await ensureCatalogue(instance, lang);
  await instance.changeLanguage(lang);
}
