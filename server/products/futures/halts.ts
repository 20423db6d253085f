import type { Queryable } from '../../kernel/platform/db/database.js';

/**
 * The contracts a risk operator halted (issue 52 §1; the markets product writes the switch, the pair
 * row's `contract_halted_reason`, migration 048), symbol → reason. The futures process reads them
 * once a second with its mark update, so a halt reaches the order intake (place.ts), the makers
 * (product.ts) and the tick (priceFeed.ts) within a second or two wherever futures runs. A failed
 * read keeps the last one known.
 *
 * What a halt stops, and why: new *opening* orders are refused, since they add risk to a market
 * under incident; closes (a trader's, TP/SL, liquidation, ADL) and cancels go through, so nobody is
 * locked into a position; mark, funding and liquidation keep running, as a halted market still
 * carries positions whose risk must be watched.
 */
/** Reads started per map: only the latest one's answer is kept. */
const reads = new WeakMap<Map<string, string>, number>();

export async function readContractHalts(db: Queryable, into: Map<string, string>): Promise<void> {
  const read = (reads.get(into) ?? 0) + 1;
  reads.set(into, read);
  const rows = await db.query<{ symbol: string; reason: string }>(
    `select left_symbol || '_' || right_symbol as symbol, contract_halted_reason as reason from pair where contract_halted_reason is not null`,
  );
  // A read started later (a halt heard meanwhile: product.ts) answers instead; this one may predate it.
  if (reads.get(into) !== read) return;
  into.clear();
  for (const row of rows) into.set(row.symbol, row.reason);
}
