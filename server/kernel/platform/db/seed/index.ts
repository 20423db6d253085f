import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALE_CODES } from '../../../../../domain/languages.js';
import type { Database, Queryable } from '../database.js';
import { setListing } from '../../pairListing.js';
import { MIGRATION_LOCK_KEY } from '../migrate.js';
import { SEED_CURRENCIES } from './currencies.js';
import { SEED_FIAT_RATES, SEED_RATES_SOURCE } from './fiatRates.js';
import { SEED_PAIRS } from './pairs.js';
import { SEED_COMMUNITIES, SEED_CONFIG } from './platformConfig.js';

/** A product's seed (ServerProduct.seed in kernel/platform/product.ts): its reference rows, in the seed's transaction. */
export type ProductSeed = (tx: Queryable) => Promise<void>;

const NOTES_DIR = join(dirname(fileURLToPath(import.meta.url)), 'notes');

/**
 * Fills an empty database, then runs each product's seed (ServerProduct.seed) in the same transaction. Every insert is "on conflict do nothing", so restarting never
 * overwrites what an operator has changed, and a newly added seed row still arrives.
 */
export async function seed(db: Database, productSeeds: readonly ProductSeed[] = []): Promise<void> {
  await db.transaction(async (tx) => {
    // Nodes started together on a fresh database seed one after another (the community rows are
    // checked, then written): the migrations' lock, held to this transaction's end. (Three seeds at
    // once wrote each row once without it too, because the first insert below waits on the other
    // transaction's uncommitted key; the lock says so instead of leaving it to that order.)
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    for (const [key, value] of Object.entries(SEED_CONFIG)) {
      await tx.query('insert into platform_config (key, value) values ($1, $2) on conflict do nothing', [key, JSON.stringify(value)]);
    }
    const [{ n }] = (await tx.query<{ n: number }>('select count(*)::int as n from community')) as [{ n: number }];
    if (n === 0) {
      for (const [i, c] of SEED_COMMUNITIES.entries()) {
        await tx.query('insert into community (name, logo, link, sort) values ($1, $2, $3, $4)', [c.name, c.logo, c.link, i]);
      }
    }
    await seedCurrencies(tx);
    for (const [i, p] of SEED_PAIRS.entries()) {
      const added = await tx.query(
        `insert into pair (left_symbol, right_symbol, is_hot, price_precision, amount_precision, min_quantity, min_notional, sort)
         values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict do nothing returning 1`,
        [p.left_symbol, p.right_symbol, p.is_hot, p.price_precision, p.amount_precision, p.min_quantity, p.min_notional, i],
      );
      // A pair seeded before keeps the listings its products have given it since.
      if (added.length === 0) continue;
      await setListing(tx, 'spot', p.left_symbol, p.right_symbol, p.trade_status === 1);
      await setListing(tx, 'futures', p.left_symbol, p.right_symbol, p.contract_status === 1);
    }
    for (const [pair, price] of Object.entries(SEED_FIAT_RATES)) {
      await tx.query('insert into fiat_rate (pair, price, source) values ($1, $2, $3) on conflict do nothing', [pair, price, SEED_RATES_SOURCE]);
    }
    for (const lang of LOCALE_CODES) {
      for (const [type, note] of Object.entries(readNotes(lang))) {
        await tx.query('insert into plat_note (type, lang, title, content) values ($1, $2, $3, $4) on conflict do nothing', [
          Number(type),
          lang,
          note.title,
          note.content,
        ]);
      }
    }
    for (const productSeed of productSeeds) await productSeed(tx);
  });
}

function readNotes(lang: string): Record<string, { title: string; content: string }> {
  const file = join(NOTES_DIR, `${lang}.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

/** The seed's currencies, each written unless it is there (also the migration tests' seed of an older schema). */
export async function seedCurrencies(db: Queryable): Promise<void> {
  for (const [i, c] of SEED_CURRENCIES.entries()) {
    await db.query(
      `insert into currency (symbol, name, price, recharge_turn, draw_turn, legal_status, circulating_supply, sort)
       values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict do nothing`,
      [c.symbol, c.name, c.price, c.recharge_turn, c.draw_turn, c.legal_status, c.circulating_supply, i],
    );
  }
}
