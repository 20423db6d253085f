import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type shellCatalogue from '../../../src/locales/en_US.json';
import type pagesCatalogue from '../../../src/locales/pages/en_US.json';

/** A language's texts outside the product folders: its shell catalogue and `pages/`, merged. */
export type BaseCatalogue = typeof shellCatalogue & typeof pagesCatalogue;

type Tree = { [key: string]: string | Tree };

const read = (file: string): Tree => JSON.parse(readFileSync(join(import.meta.dirname, '../../../src/locales', file), 'utf8')) as Tree;

function merge(target: Tree, source: Tree): Tree {
  const out: Tree = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const existing = out[key];
    out[key] = typeof value === 'object' && typeof existing === 'object' ? merge(existing, value) : value;
  }
  return out;
}

/**
 * What the app shows in `code` from src/locales/<code>.json (the shell's texts, bundled for
 * English) and src/locales/pages/<code>.json (every other page's), merged as the app merges them.
 */
export function baseCatalogue(code: string): BaseCatalogue {
  return merge(read(`${code}.json`), read(`pages/${code}.json`)) as unknown as BaseCatalogue;
}

const LOCALES = join(import.meta.dirname, '../../../src/locales');
const lookup = (tree: Tree, key: string) => key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);

/** A catalogue's text by its key, with its `{{placeholders}}` filled: `say('a.b', { x })`. */
export type Say = (key: string, vars?: Record<string, string>) => string;

/** `say` over one merged catalogue tree (throws on a key it lacks, so a renamed key fails loudly); `placeholder` as the catalogue writes them. */
function sayFrom(tree: Tree, lang: string, placeholder: RegExp): Say {
  return (key, vars = {}) => {
    const found = lookup(tree, key);
    if (typeof found !== 'string') throw new Error(`no text ${key} in ${lang}`);
    return found.replace(placeholder, (_, name: string) => vars[name] ?? '');
  };
}

/** Every text the client shows in `lang`: the shell's catalogue and every area's under src/locales, merged. */
export function textsOf(lang: string): Say {
  const areas = readdirSync(LOCALES, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => read(`${d.name}/${lang}.json`));
  return sayFrom(areas.reduce(merge, read(`${lang}.json`)), lang, /\{\{(\w+)\}\}/g);
}

/** A server product's texts in `lang` (server/products/<product>/locales, `{x}` placeholders): the refusals it answers with. */
export function serverTextsOf(product: string, lang: string): Say {
  const file = join(import.meta.dirname, '../../../server/products', product, 'locales', `${lang}.json`);
  return sayFrom(JSON.parse(readFileSync(file, 'utf8')) as Tree, lang, /\{(\w+)\}/g);
}
