/**
 * A dummy product, generated the way docs/decisions/0004-adding-a-product.md says a product is
 * added (issue 54 §2): its server folder (a declaration with a wallet account, a route, a
 * migration), its browser folder (a feature with a page, a menu entry, its wallet account's page
 * and those two entries' labels in its own `locales/shell/`), its wire file domain/<id>.ts, and
 * one line in each of the two lists. `scaffoldProduct`
 * writes it into a mirror of the tree (every other file a link to the real one), so tests load the
 * server's and the browser's product lists with it without touching the checkout.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { LOCALE_CODES, type LocaleCode } from '../../domain/languages';

/** A file the scaffold writes, by its path in the tree. */
export interface ScaffoldFile {
  path: string;
  content: string;
}

/** The two lists a product is named in, each changed by one import and its entry. */
export const LIST_FILES = { server: 'server/products/index.ts', client: 'src/features/index.ts' } as const;

/** Where a product's files may be, and nothing else (issue 54 §2's "done when"). */
export function allowedPath(path: string, id: string): boolean {
  return path.startsWith(`server/products/${id}/`) || path.startsWith(`src/features/${id}/`) || path === `domain/${id}.ts` || path.startsWith('tests/') || Object.values(LIST_FILES).includes(path as never);
}

/** The migration's number: far above the history's, so it never takes one a real migration holds. */
export const DUMMY_MIGRATION = '990';

/** "<name>'s account" in each display language: the label of the product's wallet account. */
const ACCOUNT_LABEL: Record<LocaleCode, (name: string) => string> = {
  en_US: (name) => `${name} account`,
  zh_TW: (name) => `${name} 帳戶`,
  ja_JP: (name) => `${name}アカウント`,
  ko_KR: (name) => `${name} 계정`,
  de_DE: (name) => `${name}-Konto`,
  fr_FR: (name) => `Compte ${name}`,
  es_ES: (name) => `Cuenta ${name}`,
  ru_RU: (name) => `Счёт ${name}`,
  tr_TR: (name) => `${name} hesabı`,
};

/**
 * The product's menu labels, one file per language in its own folder (`locales/shell/`, merged into
 * the shell catalogue: the header shows them on every page), so no shared catalogue changes.
 */
function labelFiles(id: string, name: string): ScaffoldFile[] {
  return LOCALE_CODES.map((code) => ({
    path: `src/features/${id}/locales/shell/${code}.json`,
    content: `${JSON.stringify({ nav: { [id]: name }, menu: { wallet: { [id]: ACCOUNT_LABEL[code](name) } } }, null, 2)}\n`,
  }));
}

/** The new files of product `id` (lower case letters): nothing outside its folders and domain/<id>.ts. */
export function productFiles(id: string): ScaffoldFile[] {
  const upper = id.toUpperCase();
  const name = id[0]!.toUpperCase() + id.slice(1);
  return [
    {
      path: `domain/${id}.ts`,
      content: `/** Wire types of the ${id} product, shared by its server and browser folders. */
declare module './walletAccounts' {
  interface WalletAccountKinds {
    ${id}: true;
  }
}

/** Its wallet account. */
export const ${upper}_ACCOUNT = '${id}' as const;

export const ${upper}_PATHS = { ping: '/api/${id}/ping' } as const;
`,
    },
    {
      path: `server/products/${id}/ledger.ts`,
      content: `import { ${upper}_ACCOUNT } from '../../../domain/${id}.js';
import type { ProductLedger } from '../../kernel/platform/product.js';

declare module '../../kernel/platform/ledger/ledger.js' {
  interface LedgerAccounts {
    ${id}: true;
  }
}

export const ${id}Ledger: ProductLedger = { kinds: [${upper}_ACCOUNT] };
`,
    },
    {
      path: `server/products/${id}/product.ts`,
      content: `import { ${upper}_ACCOUNT, ${upper}_PATHS } from '../../../domain/${id}.js';
import { ok } from '../../kernel/platform/http/envelope.js';
import { anyBody } from '../../kernel/platform/http/schemas.js';
import { defineProduct } from '../../kernel/platform/product.js';
import { ${id}Ledger } from './ledger.js';

/** The ${id} product: one route and a wallet account of its own. */
export const ${id} = defineProduct({
  id: '${id}',
  ledger: ${id}Ledger,
  walletAccounts: [{ kind: ${upper}_ACCOUNT, place: 25 }],
  create: () => ({
    routes: async (app) => {
      app.post(${upper}_PATHS.ping, { schema: { body: anyBody }, config: { auth: 'user' } }, async (request) => ok(request.lang, { pong: true }));
    },
  }),
});
`,
    },
    {
      path: `server/products/${id}/migrations/${DUMMY_MIGRATION}_${id}.sql`,
      content: `-- The ${id} product's table, and its wallet account's kind (wallet_account_kind, migration 055).
create table ${id}_note (
  id bigserial primary key,
  body text not null
);
insert into wallet_account_kind (kind) values ('${id}');
`,
    },
    {
      path: `src/features/${id}/${id}.context.ts`,
      content: `import { createFlowContext } from '../../app/flowContext';

/** The ${id} product's flows (none yet). */
export type ${name}Flows = Record<string, never>;
export const ${name}Context = createFlowContext<${name}Flows>('${name}');
`,
    },
    {
      path: `src/features/${id}/views/${name}Page.tsx`,
      content: `/** /${id}: the product's page. */
export function ${name}Page() {
  return <section data-testid="${id}-page" />;
}
`,
    },
    {
      path: `src/features/${id}/feature.tsx`,
      content: `import { defineFeature, page } from '../../app/feature';
import { ${name}Context } from './${id}.context';

/** The ${id} product: its page in the header, its wallet account's page, and a tick per tradable market. */
export const ${id}Feature = defineFeature({
  id: '${id}',
  context: ${name}Context,
  tickers: (p) => (p.trade_status === 1 ? [\`\${p.left_symbol}_\${p.right_symbol}_${id}_tick\`.toLowerCase()] : []),
  routes: {
    site: [{ path: '${id}', page: page(() => import('./views/${name}Page'), '${name}Page'), menu: { labelKey: 'nav.${id}', place: 9, fold: 9 } }],
    wallet: [
      { path: '${id}', page: page(() => import('../../kit/wallet/WalletAccountPage'), 'WalletAccountPage', { account: '${id}', key: '${id}' }), menu: { labelKey: 'menu.wallet.${id}', place: 25, account: '${id}' } },
    ],
  },
  provide: () => ({}),
});
`,
    },
    ...labelFiles(id, name),
  ];
}

/** `source` with one more import after its last and `entry` added to the list `list` ends. */
function withEntry(source: string, importLine: string, list: string, entry: string): string {
  const lines = source.split('\n');
  const lastImport = lines.reduce((at, line, i) => (line.startsWith('import ') ? i : at), -1);
  lines.splice(lastImport + 1, 0, importLine);
  const at = lines.findIndex((line) => line.startsWith(`export const ${list}`));
  if (at < 0 || !lines[at]!.endsWith('];')) throw new Error(`no one-line ${list} list`);
  lines[at] = `${lines[at]!.slice(0, -2)}, ${entry}];`;
  return lines.join('\n');
}

/** The two list files with product `id` added: one import and one entry each. */
export function listEdits(root: string, id: string): ScaffoldFile[] {
  const read = (path: string) => readFileSync(join(root, path), 'utf8');
  return [
    { path: LIST_FILES.server, content: withEntry(read(LIST_FILES.server), `import { ${id} } from './${id}/product.js';`, 'PRODUCTS', id) },
    { path: LIST_FILES.client, content: withEntry(read(LIST_FILES.client), `import { ${id}Feature } from './${id}/feature';`, 'FEATURES', `${id}Feature`) },
  ];
}

/** The folders a product writes into; everything else in the mirror links to the real tree. */
const OWN_FOLDERS = ['server', 'server/products', 'src', 'src/features', 'domain'];

/**
 * A mirror of `root` in a temporary folder with product `id` added: real folders along the paths
 * the product writes to, links for everything else (node_modules included, so imports resolve),
 * and copies of the two list files, changed. Answers the mirror's root, every path written, and a
 * way to remove it.
 */
export function scaffoldProduct(root: string, id: string): { dir: string; touched: string[]; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'openex-scaffold-'));
  const mirror = (folder: string) => {
    const target = folder ? join(dir, folder) : dir;
    mkdirSync(target, { recursive: true });
    for (const entry of readdirSync(join(root, folder))) {
      const path = folder ? `${folder}/${entry}` : entry;
      if (entry === '.git' || OWN_FOLDERS.includes(path)) continue;
      symlinkSync(join(root, path), join(target, entry));
    }
  };
  mirror('');
  for (const folder of OWN_FOLDERS) mirror(folder);
  const files = [...productFiles(id), ...listEdits(root, id)];
  for (const file of files) {
    const target = join(dir, file.path);
    rmSync(target, { force: true });
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, file.content);
  }
  return { dir, touched: files.map((f) => f.path), remove: () => rmSync(dir, { recursive: true, force: true }) };
}
