import type { LocaleCode } from '../../domain/languages';

/**
 * Where every catalogue file but English's shell is (see index.ts): English's rest inside this
 * module, every other language's fetched on demand: this
 * folder's `<locale>.json` (the shell) and `ui/`, `pages/` (texts of no feature), and each
 * feature's and kit part's `locales/` (`src/features/<f>/locales/**`, `src/kit/<k>/locales/**`),
 * whose `shell/` files are its menu labels. This module is itself fetched on first use: its table
 * of ~300 files is not needed to show /home.
 */
export type Tree = { [key: string]: string | Tree };

/**
 * English beyond the shell (whose parts are bundled, index.ts): the feature files, not their
 * `shell/` parts, inside this module's own chunk. Every page but home waits for them, in every
 * language (English is the fallback), so one request: fetched as ~30 chunks of their own they were
 * a wave of requests that started only once this module had arrived — on Fast 3G the trade page's
 * own data waited 3.5 s for it (bench:firstprice, FIRSTPRICE_TIMING=1).
 */
const EN_PARTS = import.meta.glob<Tree>(
  ['./*/en_US.json', '../features/*/locales/**/en_US.json', '../kit/*/locales/**/en_US.json', '!../features/*/locales/shell/en_US.json', '!../kit/*/locales/shell/en_US.json'],
  { import: 'default', eager: true },
);
const BASES = import.meta.glob<Tree>(['./*.json', '!./en_US.json'], { import: 'default' });
/** Every other language's feature files, their menu labels (`shell/`) included. */
const PARTS = import.meta.glob<Tree>(
  ['./*/*.json', '../features/*/locales/**/*.json', '../kit/*/locales/**/*.json', '!./*/en_US.json', '!../features/*/locales/**/en_US.json', '!../kit/*/locales/**/en_US.json'],
  { import: 'default' },
);

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

/** English's feature files, merged (they came with this module). */
export function englishRest(): Tree {
  return sortedParts(EN_PARTS, 'en_US').reduce<Tree>(mergeTrees, {});
}

/** Another language's whole catalogue: its shell and feature files (fetched in parallel). */
export async function otherCatalogue(code: LocaleCode): Promise<Tree> {
  const base = BASES[`./${code}.json`];
  if (!base) throw new Error(`no catalogue for ${code}`);
  const [tree, ...parts] = await Promise.all([base(), ...sortedParts(PARTS, code).map((load) => load())]);
  return parts.reduce<Tree>(mergeTrees, tree!);
}
