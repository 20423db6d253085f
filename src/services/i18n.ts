import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, type LocaleCode } from '../../domain/languages';
import { setNumberLanguage } from '../../domain/localeFormat';
import { EN_US_SHELL_PARTS, loadCatalogue, loadEnglishRest } from '../locales';

/** Fetches a language's catalogue if this instance lacks it (English's shell is always there). */
async function ensureCatalogue(instance: i18n, lang: LocaleCode): Promise<void> {
  if (lang === DEFAULT_LANGUAGE.lang || instance.hasResourceBundle(lang, 'translation')) return;
  instance.addResourceBundle(lang, 'translation', await loadCatalogue(lang));
}

/**
 * i18next with English's shell catalogue bundled (what /home shows; see src/locales/index.ts) and
 * `lang` loaded; English is the fallback. The rest of English arrives with completeCatalogue.
 */
export async function initI18n(lang: LocaleCode = DEFAULT_LANGUAGE.lang): Promise<i18n> {
  const instance = i18next.createInstance();
  // Figures follow the language's number style (domain/localeFormat.ts). Set on the event, which
  // fires before react-i18next re-renders the views, so the new texts and figures render together.
  instance.on('languageChanged', setNumberLanguage);
  await instance.use(initReactI18next).init({
    resources: { en_US: { translation: EN_US_SHELL_PARTS[0]! } },
    lng: DEFAULT_LANGUAGE.lang,
    fallbackLng: DEFAULT_LANGUAGE.lang,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  // The features' menu labels (their locales/shell/), merged into the bundle deeply.
  for (const part of EN_US_SHELL_PARTS.slice(1)) instance.addResourceBundle(DEFAULT_LANGUAGE.lang, 'translation', part, true, true);
  if (lang !== DEFAULT_LANGUAGE.lang) await changeLanguage(instance, lang);
  return instance;
}

/** Switches the language once its catalogue is here (fetched on first use). */
export async function changeLanguage(instance: i18n, lang: LocaleCode): Promise<void> {
  await ensureCatalogue(instance, lang);
  await instance.changeLanguage(lang);
}

/**
 * Keyed by the instance's resource store, not the instance: react-i18next's useTranslation hands
 * each mounted component its own wrapper around the instance (same store, new identity). Keyed by
 * the wrapper, a page that mounted before the rest of English had arrived suspended on a new
 * promise at every retry (a remount makes a new wrapper) and showed "Loading…" for good: seen on a
 * slow machine, where a page opened while English was still on its way never rendered.
 */
const completed = new WeakMap<object, Promise<void>>();
const whole = new WeakSet<object>();

/** Whether the rest of English is already in the instance (a page then renders without waiting). */
export function hasWholeCatalogue(instance: i18n): boolean {
  return whole.has(instance.store);
}

/**
 * Adds the rest of English (every page's texts beyond the shell's) to the instance, once; pages
 * other than home wait for it. Another chosen language already has its whole catalogue; English
 * is completed anyway, as the fallback and for a later switch back to it. Answers the same promise
 * until it fails, so React's `use` can suspend on it.
 */
export function completeCatalogue(instance: i18n): Promise<void> {
  const { store } = instance;
  let done = completed.get(store);
  if (!done) {
    done = loadEnglishRest().then(
      (rest) => {
        instance.addResourceBundle(DEFAULT_LANGUAGE.lang, 'translation', rest, true, true);
        whole.add(store);
      },
      (error: unknown) => {
        completed.delete(store);
        throw error;
      },
    );
    completed.set(store, done);
  }
  return done;
}
