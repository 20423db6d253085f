import type { LocaleCode } from '../../domain/languages';
import type { Tree } from './catalogueFiles';
import en_US from './en_US.json';

/**
 * The client's texts are one namespace merged from many files, each beside the code that shows
 * it (a key is named the same wherever it lives), so a feature's texts are in its own folder:
 *
 * - `src/locales/<locale>.json`, the shell catalogue: the header, footer, menus, splash and
 *   toasts of the shell, and nothing else;
 * - `src/features/<f>/locales/shell/<locale>.json`, a feature's part of the shell: its menu
 *   labels (`nav.*`, `menu.*`) and what /home shows of it (markets' home texts), merged into the
 *   shell catalogue (`src/kit/<k>/locales/shell/` likewise);
 * - `src/features/<f>/locales/<locale>.json` and its subfolders (`accounts/locales/twoFactor/` …),
 *   `src/kit/<k>/locales/…`: the feature's or kit part's pages;
 * - `src/locales/pages/`, `src/locales/ui/`: texts of no particular feature (table columns used
 *   by several, the design system's).
 *
 * Only English's shell (with the features' shell parts) is bundled; the rest of English is
 * fetched with the first page that is not home (a page waits for it: `page()` in
 * app/feature.tsx), and every other language is fetched whole when it is chosen
 * (catalogueFiles.ts holds the table of files).
 */
const files = () => import('./catalogueFiles');

/**
 * English's shell catalogue, bundled: what /home shows. In parts, the shell's file and each
 * feature's `locales/shell/` (the i18n service adds them to one bundle: i18next merges them, so no
 * merging code of ours is in the entry).
 */
export const EN_US_SHELL_PARTS: readonly object[] = [
  en_US,
  ...Object.values(import.meta.glob<object>(['../features/*/locales/shell/en_US.json', '../kit/*/locales/shell/en_US.json'], { eager: true, import: 'default' })),
];

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
  return code === 'en_US' ? [...EN_US_SHELL_PARTS, await loadEnglishRest()].reduce<Tree>((tree, part) => mergeTrees(tree, part as Tree), {}) : otherCatalogue(code);
}
