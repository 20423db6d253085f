import type { LocaleCode } from '../domain/languages';
import en_US from './en_US.json';

type Tree = { [key: string]: string | Tree };

/**
 * Feature catalogues: src/locales/<feature>/<locale>.json (wallet, trading, ...). They are merged
 * into the one namespace, so a key is named the same wherever it lives; keeping a feature's keys
 * in its own files lets features grow without all editing one file.
 *
 * English (the source and the fallback for a missing key) is bundled; every other language is a
 * chunk of its own, fetched when it is chosen, so the first page does not carry nine catalogues.
 */
const EN_PARTS = import.meta.glob<Tree>('./*/en_US.json', { eager: true, import: 'default' });
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

/** The English catalogue, bundled. */
export const EN_US_CATALOGUE: object = sortedParts(EN_PARTS, 'en_US').reduce<Tree>(mergeTrees, en_US as Tree);

/** A language's whole catalogue (its base and feature files, fetched in parallel). */
export async function loadCatalogue(code: LocaleCode): Promise<object> {
  if (code === 'en_US') return EN_US_CATALOGUE;
  const base = BASES[`./${code}.json`];
  if (!base) throw new Error(`no catalogue for ${code}`);
  const [tree, ...parts] = await Promise.all([base(), ...sortedParts(PARTS, code).map((load) => load())]);
  return parts.reduce<Tree>(mergeTrees, tree!);
}
