import { readFileSync } from 'node:fs';
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
