import type { LocaleCode } from '../domain/languages';
import en_US from './en_US.json';

type Tree = { [key: string]: string | Tree };

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
const EN_PARTS = import.meta.glob<Tree>('./*/en_US.json', { import: 'default' });
const BASES = import.meta.glob<Tree>(['./*.json', '!./en_US.json'], { import: 'default' });
const PARTS = import.meta.glob<Tree>(['./*/*.json', '!./*/en_US.json'], { import: 'default' });

export function mergeTrees(target: Tree, source: Tree): Tree {
  const out: Tree = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const existing = out[key];
    out[key] = typeof value === 'object' && typeof existing === 'object' ? mergeTrees(existing, value) : value;
  }
  return out;
}

const sortedParts = <T>(parts: Record<string, T>, code: LocaleCode) =>
  Object.entries(parts)
    .filter(([path]) => path.endsWith(`/${code}.json`))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, part]) => part);

/** English's shell catalogue, bundled: what /home shows. */
export const EN_US_SHELL_CATALOGUE: object = en_US;

let englishRest: Promise<Tree> | undefined;

/** The rest of English (its feature files, fetched in parallel, once; tried again after a failure). */
export function loadEnglishRest(): Promise<Tree> {
  englishRest ??= Promise.all(sortedParts(EN_PARTS, 'en_US').map((load) => load()))
    .then((parts) => parts.reduce<Tree>(mergeTrees, {}))
    .catch((error: unknown) => {
      englishRest = undefined;
      throw error;
    });
  return englishRest;
}

/** A language's whole catalogue (its shell and feature files, fetched in parallel). */
export async function loadCatalogue(code: LocaleCode): Promise<object> {
  if (code === 'en_US') return mergeTrees(en_US as Tree, await loadEnglishRest());
  const base = BASES[`./${code}.json`];
  if (!base) throw new Error(`no catalogue for ${code}`);
  const [tree, ...parts] = await Promise.all([base(), ...sortedParts(PARTS, code).map((load) => load())]);
  return parts.reduce<Tree>(mergeTrees, tree!);
}
