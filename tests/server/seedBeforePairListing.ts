import type { Queryable } from '../../server/kernel/platform/db/database.js';
import { seedCurrencies } from '../../server/kernel/platform/db/seed/index.js';
import { SEED_PAIRS, type SeedPair } from '../../server/kernel/platform/db/seed/pairs.js';

/**
 * The seed's currencies and pairs as it wrote them before migration 063, when a pair's spot and
 * futures statuses were columns of `pair` (`trade_status`, `contract_status`): for a test of a
 * migration on a database migrated only that far, where seed() — which writes today's schema, a
 * product's listing in pair_listing — cannot run. Only the columns of migration 001.
 */
export async function seedBeforePairListing(db: Queryable, pairs: readonly SeedPair[] = SEED_PAIRS): Promise<void> {
  await seedCurrencies(db);
  for (const [i, p] of pairs.entries()) {
    await db.query(
      `insert into pair (left_symbol, right_symbol, is_hot, trade_status, contract_status, price_precision, amount_precision, sort)
       values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict do nothing`,
      [p.left_symbol, p.right_symbol, p.is_hot, p.trade_status, p.contract_status, p.price_precision, p.amount_precision, i],
    );
  }
}
