import type { LocaleCode } from '../../domain/languages';
import type { Tree } from './catalogueFiles';
import en_US from './en_US.json';

/**
 * Feature catalogues: src/locales/<feature>/<locale>.json (wallet, trading, ...). They are merged
 * into the one namespace, so a key is named the same wherever it lives; keeping a feature's keys
 * in its own files lets features grow without all editing one file.
 *
 * `<locale>.json` at the top is the shell catalogue: the texts of the header, footer, menus,
 * splash, toasts of the shell and the home page (what /home shows), and nothing else; every other
 * page's texts are in the feature folders (`pages/` holds those of no particular product). Only
 * English's shell catalogue is bundled; the rest of English is fetched with the first page that
 * is not home (a page waits for it: `page()` in app/feature.tsx), and every other language is a
 * chunk of its own, fetched whole when it is chosen.
 */
const files = () => import('./catalogueFiles');

/** English's shell catalogue, bundled: what /home shows. */
export const EN_US_SHELL_CATALOGUE: object = en_US;

let englishRest: Promise<Tree> | undefined;

/** The rest of English (its feature files), fetched once; tried again after a failure. */
export function loadEnglishRest(): Promise<Tree> {
  englishRest ??= files()
    .then((f) => f.englishRest())
    .catch((error: unknown) => {
      englishRest = undefined;
      throw error;
    });
  return englishRest;
}

/** A language's whole catalogue (its shell and feature files). */
export async function loadCatalogue(code: LocaleCode): Promise<object> {
  const { mergeTrees, otherCatalogue } = await files();
  return code === 'en_US' ? mergeTrees(en_US as Tree, await loadEnglishRest()) : otherCatalogue(code);
}
