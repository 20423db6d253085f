import type { Queryable } from '../../../kernel/platform/db/database.js';
import { decimalToUnits } from '../../../kernel/exchange/market/units.js';
import type { PairSpec } from '../../../kernel/exchange/pairSpec.js';
import { DEFAULT_MM_CONFIG, type MarketMakerConfig } from './marketMaker.js';

/** The makers of a pair a risk operator listed, with where their price walk starts. */
export interface ListedMakers extends MarketMakerConfig {
  /** The reference price in ticks: the walk's anchor. */
  anchor: number;
  /** One base unit in USDT (the size of a level): the base currency's price, else the reference price. */
  baseUsdt: number;
}

/**
 * The makers of a pair listed at runtime (issue 52 §1; markets/listing.ts, migration 048): on when
 * the risk operator said so (`simulated`), with their spread (a fraction of the price, as basis
 * points here) and depth (levels a side), from the reference price. Undefined for a pair without a
 * reference price — the seeded pairs, whose makers run on DEFAULT_MM_CONFIG from the currency
 * prices — and for one listed with makers off.
 */
export async function listedMakerConfig(db: Queryable, spec: PairSpec): Promise<ListedMakers | undefined> {
  const [row] = await db.query<{ simulated: boolean; spread: string | null; depth: number | null; reference: string | null; base_usdt: string | null }>(
    `select p.simulated, p.maker_spread::text as spread, p.maker_depth as depth, trim_scale(p.reference_price)::text as reference, c.price::text as base_usdt
     from pair p left join currency c on c.symbol = p.left_symbol where p.left_symbol = $1 and p.right_symbol = $2`,
    [spec.left, spec.right],
  );
  if (!row?.simulated || row.reference === null) return undefined;
  const anchor = decimalToUnits(row.reference, spec.pricePrecision);
  if (anchor === undefined || anchor <= 0) return undefined;
  const baseUsdt = Number(row.base_usdt) > 0 ? Number(row.base_usdt) : Number(row.reference);
  return {
    ...DEFAULT_MM_CONFIG,
    ...(row.spread !== null && { spreadBps: Math.max(1, Math.round(Number(row.spread) * 10_000)) }),
    ...(row.depth !== null && { levels: row.depth }),
    anchor,
    baseUsdt,
  };
}
