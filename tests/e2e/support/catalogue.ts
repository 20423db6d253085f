import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type shellCatalogue from '../../../src/locales/en_US.json';
import type pagesCatalogue from '../../../src/locales/pages/en_US.json';
import type accountsShell from '../../../src/features/accounts/locales/shell/en_US.json';
import type accountsPages from '../../../src/features/accounts/locales/en_US.json';
import type fiatShell from '../../../src/features/fiat/locales/shell/en_US.json';
import type futuresShell from '../../../src/features/futures/locales/shell/en_US.json';
import type icoShell from '../../../src/features/ico/locales/shell/en_US.json';
import type kycShell from '../../../src/features/kyc/locales/shell/en_US.json';
import type kycPages from '../../../src/features/kyc/locales/en_US.json';
import type marketsShell from '../../../src/features/markets/locales/shell/en_US.json';
import type operatorPages from '../../../src/features/operator/locales/en_US.json';
import type secondsShell from '../../../src/features/seconds/locales/shell/en_US.json';
import type spotShell from '../../../src/features/spot/locales/shell/en_US.json';
import type supportShell from '../../../src/features/support/locales/shell/en_US.json';
import type supportPages from '../../../src/features/support/locales/en_US.json';
import type walletShell from '../../../src/features/wallet/locales/shell/en_US.json';
import type fiatPages from '../../../src/features/fiat/locales/en_US.json';
import type futuresPages from '../../../src/features/futures/locales/en_US.json';
import type icoPages from '../../../src/features/ico/locales/en_US.json';
import type marketsPages from '../../../src/features/markets/locales/en_US.json';
import type secondsPages from '../../../src/features/seconds/locales/en_US.json';
import type spotPages from '../../../src/features/spot/locales/en_US.json';
import type walletPages from '../../../src/features/wallet/locales/en_US.json';
import type authKit from '../../../src/kit/auth/locales/en_US.json';
import type tradeKit from '../../../src/kit/trade/locales/en_US.json';
import type walletKit from '../../../src/kit/wallet/locales/en_US.json';

/**
 * The texts that were the shell catalogue and `pages/` before each feature kept its own (issue 54
 * §2): the shell, the features' menu labels (`locales/shell/`) and the page texts that were in
 * `pages/`, wherever they now live (a feature's, a kit part's, or still `pages/`). Every file's keys are in the one namespace the app merges.
 */
export type BaseCatalogue = typeof shellCatalogue &
  typeof pagesCatalogue &
  typeof accountsShell &
  typeof accountsPages &
  typeof fiatShell &
  typeof futuresShell &
  typeof icoShell &
  typeof kycShell &
  typeof kycPages &
  typeof marketsShell &
  typeof operatorPages &
  typeof secondsShell &
  typeof spotShell &
  typeof supportShell &
  typeof supportPages &
  typeof walletShell &
  typeof fiatPages &
  typeof futuresPages &
  typeof icoPages &
  typeof marketsPages &
  typeof secondsPages &
  typeof spotPages &
  typeof walletPages &
  typeof authKit &
  typeof tradeKit &
  typeof walletKit;

type Tree = { [key: string]: string | Tree };

const SRC = join(import.meta.dirname, '../../../src');
const readTree = (file: string): Tree => JSON.parse(readFileSync(file, 'utf8')) as Tree;

function merge(target: Tree, source: Tree): Tree {
  const out: Tree = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const existing = out[key];
    out[key] = typeof value === 'object' && typeof existing === 'object' ? merge(existing, value) : value;
  }
  return out;
}

/** The client's catalogue folders: every `locales` folder under src/ and the folders below it (as scripts/i18n-check.ts finds them). */
function catalogueFolders(dir: string, inLocales = false): string[] {
  const below = readdirSync(dir)
    .sort()
    .filter((name) => name !== 'node_modules' && statSync(join(dir, name)).isDirectory())
    .flatMap((name) => catalogueFolders(join(dir, name), inLocales || name === 'locales'));
  return inLocales ? [dir, ...below] : below;
}

/** One language's whole client catalogue: src/locales/<code>.json and every feature's and kit part's files, merged as the app merges them. */
export function clientCatalogue(code: string): Tree {
  return catalogueFolders(SRC)
    .map((folder) => join(folder, `${code}.json`))
    .filter((file) => statSync(file, { throwIfNoEntry: false })?.isFile())
    .reduce<Tree>((tree, file) => merge(tree, readTree(file)), {});
}

/** What the app shows in `code` of the shell's, the menus' and the shared pages' texts (see BaseCatalogue). */
export function baseCatalogue(code: string): BaseCatalogue {
  return clientCatalogue(code) as unknown as BaseCatalogue;
}

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

/** Every text the client shows in `lang`: the shell's catalogue and every feature's, merged. */
export function textsOf(lang: string): Say {
  return sayFrom(clientCatalogue(lang), lang, /\{\{(\w+)\}\}/g);
}

/** A server product's texts in `lang` (server/products/<product>/locales, `{x}` placeholders): the refusals it answers with. */
export function serverTextsOf(product: string, lang: string): Say {
  const file = join(import.meta.dirname, '../../../server/products', product, 'locales', `${lang}.json`);
  return sayFrom(JSON.parse(readFileSync(file, 'utf8')) as Tree, lang, /\{(\w+)\}/g);
}
