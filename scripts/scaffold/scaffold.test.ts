/**
 * Issue 54 §2, "done when": a product added as docs/decisions/0004-adding-a-product.md says — its
 * folders, domain/<id>.ts and one line in each list — is found by everything that lists products,
 * with no shared file changed: the server's product list, the wallet's accounts, the migration
 * history, the browser's routes, menus, wallet accounts and tick channels, and its menu labels in
 * every language (from its own `locales/shell/`, no shared catalogue edited). The product is written
 * into a mirror of the tree (scaffold.ts), never into the checkout.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pair } from '../../domain/api';
import type { Feature } from '../../src/app/feature';
import { tickChannelsOf } from '../../src/app/feature';
import { collectMenus } from '../../src/app/layout/navigation';
import { listRoutes } from '../../src/app/routeList';
import { buildRoutes } from '../../src/app/routes';
import { walletAccountLinks } from '../../src/app/walletAccountList';
import { collectMigrations } from '../../server/kernel/platform/db/migrationFiles';
import { accountRules } from '../../server/kernel/platform/ledger/accountRules';
import type { ServerProduct } from '../../server/kernel/platform/product';
import { LOCALE_CODES } from '../../domain/languages';
import { catalogue, CLIENT, clientFolders } from '../i18n-check';
import { allowedPath, DUMMY_MIGRATION, LIST_FILES, scaffoldProduct } from './scaffold';

const root = resolve(import.meta.dirname, '../..');
const ID = 'x';
let scaffold: ReturnType<typeof scaffoldProduct>;
let products: readonly ServerProduct[];
let features: Feature[];

beforeAll(async () => {
  scaffold = scaffoldProduct(root, ID);
  products = ((await import(join(scaffold.dir, LIST_FILES.server))) as { PRODUCTS: readonly ServerProduct[] }).PRODUCTS;
  features = ((await import(join(scaffold.dir, LIST_FILES.client))) as { FEATURES: Feature[] }).FEATURES;
}, 60_000);
afterAll(() => scaffold?.remove());

describe('a new product', () => {
  it('touches only its folders, domain/x.ts, tests and one line in each of the two lists', () => {
    expect(scaffold.touched.filter((path) => !allowedPath(path, ID))).toEqual([]);
    for (const list of Object.values(LIST_FILES)) {
      const before = readFileSync(join(root, list), 'utf8').split('\n');
      const after = readFileSync(join(scaffold.dir, list), 'utf8').split('\n');
      // One import added, and the list's line changed: nothing else.
      expect(after.length).toBe(before.length + 1);
      expect(after.filter((line) => !before.includes(line))).toHaveLength(2);
    }
    // The checkout itself is untouched.
    expect(existsSync(join(root, 'server/products', ID))).toBe(false);
    expect(existsSync(join(root, 'domain', `${ID}.ts`))).toBe(false);
  });

  it("is on the server's list, and the wallet lists its account after the others", () => {
    const product = products.find((p) => p.id === ID);
    expect(product).toBeDefined();
    expect(accountRules([], undefined, products.map((p) => p.walletAccounts)).kinds).toEqual(['spot', 'contract', 'sec_contract', 'legal', 'ico', ID]);
    expect(product!.ledger?.kinds).toEqual([ID]);
  });

  it('brings its route, and its migration joins the one numbered history', async () => {
    const parts = await products.find((p) => p.id === ID)!.create({} as never);
    expect(parts.routes).toBeTypeOf('function');
    const productsDir = join(scaffold.dir, 'server/products');
    const folders = readdirSync(productsDir)
      .map((entry) => join(productsDir, entry, 'migrations'))
      .filter((dir) => existsSync(dir));
    const history = collectMigrations([join(root, 'server/kernel/platform/db/migrations'), ...folders]).map((m) => m.name);
    expect(history.at(-1)).toBe(`${DUMMY_MIGRATION}_${ID}.sql`);
    expect(history).toContain('055_wallet_account_kinds.sql');
  });

  it("is in the browser's routes, menus, wallet accounts and tick channels", () => {
    expect(features.map((f) => f.id)).toContain(ID);
    const menus = collectMenus(features);
    expect(menus.header.map((l) => l.to)).toContain(`/${ID}`);
    expect(walletAccountLinks(menus).map((a) => a.account)).toEqual(['spot', 'contract', 'sec_contract', 'legal', 'ico', ID]);
    expect(walletAccountLinks(menus).at(-1)).toEqual({ account: ID, labelKey: `menu.wallet.${ID}`, to: `/wallet/${ID}` });
    const patterns = listRoutes(buildRoutes(features)).map((r) => r.pattern);
    expect(patterns).toEqual(expect.arrayContaining([`/${ID}`, `/wallet/${ID}`]));
    const btc = { left_symbol: 'BTC', right_symbol: 'USDT', trade_status: 1, contract_status: 1 } as Pair;
    expect(tickChannelsOf(features)([btc])).toEqual(['btc_usdt_tick', 'btc_usdt_future_tick', `btc_usdt_${ID}_tick`]);
  });

  it('brings its menu labels in all 9 languages from its own folder, and every menu entry has its label', () => {
    const side = { ...CLIENT, folders: clientFolders(join(scaffold.dir, 'src')) };
    expect(side.folders.map((folder) => folder.slice(scaffold.dir.length + 1))).toContain(`src/features/${ID}/locales/shell`);
    const menus = collectMenus(features);
    const labels = new Set(Object.values(menus).flatMap((links: typeof menus.header) => links.flatMap((l) => (l.group ? [l.labelKey, l.group] : [l.labelKey]))));
    expect([...labels]).toEqual(expect.arrayContaining([`nav.${ID}`, `menu.wallet.${ID}`]));
    for (const code of LOCALE_CODES) {
      const problems: string[] = [];
      const texts = catalogue(side, code, problems);
      expect(problems, code).toEqual([]);
      expect([...labels].filter((key) => !texts.get(key)?.trim()), code).toEqual([]);
    }
    expect(catalogue(side, 'de_DE').get(`menu.wallet.${ID}`)).toBe('X-Konto');
  });
});
