import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One migration: its name (what schema_migrations records) and where its statements are. */
export interface MigrationFile {
  name: string;
  path: string;
}

const HERE = dirname(fileURLToPath(import.meta.url));

/**
 * Every migration, in the one numbered history the migrator applies: the kernel's own (the shared
 * tables: users, balances, the ledger, sessions, leases) in `migrations/` beside this file, and each
 * product's in `server/products/<product>/migrations/`, so a product brings its schema in its own
 * folder and no shared file names it. Files are `NNN_what.sql`; a number is used once across all
 * folders (a second use throws: two histories would apply in an order nobody chose). Up to and
 * including `through` when given.
 */
export function migrationFiles(through?: string): MigrationFile[] {
  return collectMigrations(migrationFolders(), through);
}

/** The migrations of `folders` as one history (migrationFiles). */
export function collectMigrations(folders: readonly string[], through?: string): MigrationFile[] {
  const files = folders.flatMap((dir) =>
    readdirSync(dir)
      .filter((name) => name.endsWith('.sql'))
      .map((name) => ({ name, path: join(dir, name) })),
  );
  const byNumber = new Map<string, string>();
  for (const file of files) {
    const number = /^(\d+)_/.exec(file.name)?.[1];
    if (!number) throw new Error(`migration ${file.path} is not named NNN_what.sql`);
    const earlier = byNumber.get(number);
    if (earlier) throw new Error(`migration number ${number} is used twice: ${earlier} and ${file.path}`);
    byNumber.set(number, file.path);
  }
  return files.filter((file) => through === undefined || file.name <= through).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The kernel's folder, then each product's that has one. */
export function migrationFolders(): string[] {
  const products = productsFolder();
  const productFolders = products
    ? readdirSync(products, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => join(products, entry.name, 'migrations'))
        .filter((dir) => existsSync(dir))
        .sort()
    : [];
  return [join(HERE, 'migrations'), ...productFolders];
}

/** `server/products`, found by walking up to the `server` folder (wherever the kernel's db sits in it). */
function productsFolder(): string | undefined {
  for (let dir = HERE; dir !== dirname(dir); dir = dirname(dir)) {
    if (basename(dir) === 'server') return existsSync(join(dir, 'products')) ? join(dir, 'products') : undefined;
  }
  return undefined;
}
