import { listCurrencies } from '../../kernel/platform/catalogue.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { anchorPrice, seedHistoryIfEmpty, seedOptionsFor } from '../../kernel/platform/marketHistory/seedHistory.js';
import type { FuturesPair } from './pairs.js';

/**
 * A contract chart that opens with history, as the spot chart does: a contract pair the demo's
 * market makers quote (`pair.simulated`) that has neither candles nor trades gets the generated
 * history its spot pair gets (the same seed and shape, so the two charts agree). A pair with trades
 * but no candles is left to the rebuild's backfill, which makes its candles from those trades.
 */
export async function seedContractCharts(db: Database, pairs: Iterable<FuturesPair>, now: number): Promise<void> {
  const currencies = await listCurrencies(db);
  for (const { spec } of pairs) {
    const [row] = await db.query<{ simulated: boolean; traded: boolean }>(
      `select p.simulated, exists (select 1 from futures_trade t where t.left_symbol = p.left_symbol and t.right_symbol = p.right_symbol) as traded
       from pair p where p.left_symbol = $1 and p.right_symbol = $2`,
      [spec.left, spec.right],
    );
    const anchor = anchorPrice(spec, currencies);
    if (!row?.simulated || row.traded || anchor === undefined) continue;
    await seedHistoryIfEmpty(db, 'futures_candle', spec, anchor, now, seedOptionsFor(spec, currencies));
  }
}
