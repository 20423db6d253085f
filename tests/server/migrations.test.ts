import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/kernel/platform/db/database.js';
import { markSeeded, migrate, pendingPreparation, SEEDED, untilPrepared } from '../../server/kernel/platform/db/migrate.js';
import { collectMigrations, migrationFolders } from '../../server/kernel/platform/db/migrationFiles.js';
import { SEED_CURRENCIES } from '../../server/kernel/platform/db/seed/currencies.js';
import { SEED_FIAT_RATES } from '../../server/kernel/platform/db/seed/fiatRates.js';
import { seed } from '../../server/kernel/platform/db/seed/index.js';
import { SEED_PAIRS } from '../../server/kernel/platform/db/seed/pairs.js';
import { SEED_COMMUNITIES, SEED_CONFIG } from '../../server/kernel/platform/db/seed/platformConfig.js';
import { openBlankDatabase } from './testDb.js';

const SERVER = fileURLToPath(new URL('../../server/', import.meta.url));
const sqlIn = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.sql'));
/** The kernel's migrations and every product's, read here apart from the migrator. */
const PRODUCT_MIGRATION_FILES = readdirSync(join(SERVER, 'products'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && readdirSync(join(SERVER, 'products', entry.name)).includes('migrations'))
  .flatMap((entry) => sqlIn(join(SERVER, 'products', entry.name, 'migrations')));
const MIGRATION_FILES = [...sqlIn(join(SERVER, 'kernel/platform/db/migrations')), ...PRODUCT_MIGRATION_FILES].sort();

const TABLES = ['platform_config', 'community', 'currency', 'pair', 'plat_note', 'fiat_rate', 'app_user', 'session_token'];

let db: Database;

beforeAll(async () => {
  db = await openBlankDatabase();
});

afterAll(async () => {
  await db?.close();
});

async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = await db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    out[table] = row!.n;
  }
  return out;
}

describe('migration files', () => {
  it("collect the kernel's and every product's folder into one history", () => {
    expect(PRODUCT_MIGRATION_FILES.length).toBeGreaterThan(0);
    expect(migrationFolders().map((dir) => basename(dirname(dir)))).toContain('futures');
  });

  it('refuse a number used twice, and a file not named NNN_what.sql', () => {
    const root = mkdtempSync(join(tmpdir(), 'openex-migrations-'));
    try {
      const [kernel, product] = [join(root, 'kernel'), join(root, 'product')];
      mkdirSync(kernel);
      mkdirSync(product);
      writeFileSync(join(kernel, '001_init.sql'), 'select 1;');
      writeFileSync(join(product, '002_product.sql'), 'select 2;');
      expect(collectMigrations([kernel, product]).map((f) => f.name)).toEqual(['001_init.sql', '002_product.sql']);
      expect(collectMigrations([kernel, product], '001_init.sql').map((f) => f.name)).toEqual(['001_init.sql']);
      writeFileSync(join(product, '001_other.sql'), 'select 3;');
      expect(() => collectMigrations([kernel, product])).toThrow(/number 001 is used twice/);
      rmSync(join(product, '001_other.sql'));
      writeFileSync(join(product, 'later.sql'), 'select 4;');
      expect(() => collectMigrations([kernel, product])).toThrow(/not named NNN_what\.sql/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('migrate', () => {
  it('applies every migration file in name order on a blank database', async () => {
    expect(MIGRATION_FILES.length).toBeGreaterThan(0);
    expect(await migrate(db)).toEqual(MIGRATION_FILES);
    const recorded = await db.query<{ name: string }>('select name from schema_migrations order by name');
    expect(recorded.map((r) => r.name)).toEqual(MIGRATION_FILES);
  });

  it('applies nothing the second time', async () => {
    expect(await migrate(db)).toEqual([]);
    expect(await db.query('select name from schema_migrations')).toHaveLength(MIGRATION_FILES.length);
  });

  it('creates every table', async () => {
    expect(Object.values(await counts()).every((n) => n === 0)).toBe(true);
  });
});

describe('seed', () => {
  it('fills the reference data', async () => {
    await seed(db);
    const n = await counts();
    expect(n.platform_config).toBe(Object.keys(SEED_CONFIG).length);
    expect(n.community).toBe(SEED_COMMUNITIES.length);
    expect(n.currency).toBe(SEED_CURRENCIES.length);
    expect(n.pair).toBe(SEED_PAIRS.length);
    expect(n.fiat_rate).toBe(Object.keys(SEED_FIAT_RATES).length);
    expect(n.plat_note).toBeGreaterThanOrEqual(5);
    expect(n.app_user).toBe(0);
  });

  it('a second seed duplicates nothing', async () => {
    const before = await counts();
    await seed(db);
    expect(await counts()).toEqual(before);
  });

  it("never overwrites an operator's edits", async () => {
    await db.query(`update currency set price = '12345.678' where symbol = 'BTC'`);
    await db.query(`update fiat_rate set price = '150', source = 'operator' where pair = 'usdt_jpy'`);
    await db.query(`update platform_config set value = jsonb_set(value, '{pay_time}', '45') where key = 'legal_trade'`);
    await db.query(`update community set link = 'https://example.org/ours' where name = 'Telegram'`);
    await db.query(`update plat_note set title = 'Our terms' where type = 1 and lang = 'en_US'`);
    await seed(db);
    const [btc] = await db.query<{ price: string }>(`select trim_scale(price)::text as price from currency where symbol = 'BTC'`);
    expect(btc!.price).toBe('12345.678');
    const [jpy] = await db.query<{ price: string; source: string }>(
      `select trim_scale(price)::text as price, source from fiat_rate where pair = 'usdt_jpy'`,
    );
    expect(jpy).toEqual({ price: '150', source: 'operator' });
    const [legal] = await db.query<{ value: { pay_time: number } }>(`select value from platform_config where key = 'legal_trade'`);
    expect(legal!.value.pay_time).toBe(45);
    const [telegram] = await db.query<{ link: string }>(`select link from community where name = 'Telegram'`);
    expect(telegram!.link).toBe('https://example.org/ours');
    const [note] = await db.query<{ title: string }>(`select title from plat_note where type = 1 and lang = 'en_US'`);
    expect(note!.title).toBe('Our terms');
  });

  it('does not bring back a community an operator removed, but restores deleted reference rows', async () => {
    await db.query(`delete from community where name = 'Discord'`);
    await db.query(`delete from fiat_rate where pair = 'usdt_try'`);
    await seed(db);
    // Communities are seeded only into an empty table (so removing every one brings the defaults back).
    expect(await db.query(`select id from community where name = 'Discord'`)).toHaveLength(0);
    expect((await counts()).community).toBe(SEED_COMMUNITIES.length - 1);
    expect(await db.query(`select pair from fiat_rate where pair = 'usdt_try'`)).toHaveLength(1);
  });
});

describe('waiting for the database to be prepared (a market process started on a fresh database)', () => {
  it('lists every migration and the seed mark on a blank database, stops waiting when told to, and answers true once prepared', async () => {
    const blank = await openBlankDatabase();
    try {
      expect(await pendingPreparation(blank)).toEqual([...MIGRATION_FILES, SEEDED]);
      let told: string[] | undefined;
      let asked = 0;
      expect(await untilPrepared(blank, { pollMs: 5, onWait: (pending) => (told = pending), stopped: () => ++asked > 2 })).toBe(false);
      expect(told).toEqual([...MIGRATION_FILES, SEEDED]);
      await migrate(blank);
      expect(await pendingPreparation(blank)).toEqual([SEEDED]);
      await seed(blank);
      await markSeeded(blank);
      expect(await pendingPreparation(blank)).toEqual([]);
      expect(await untilPrepared(blank, { stopped: () => true })).toBe(true);
    } finally {
      await blank.close();
    }
  });
});
