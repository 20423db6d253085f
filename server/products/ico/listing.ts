import { ICO_CURRENCY, ICO_PRICE_PLACES, type IcoProject } from '../../../domain/ico.js';
import { PAIRS_CACHE, type OpenedPair, type PairOpenings } from '../../kernel/platform/catalogue.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import { cacheChanged } from '../../kernel/platform/caches.js';
import { setListing } from '../../kernel/platform/pairListing.js';

/** What a listing reads of a project's row (projects.ts' ProjectRow, which calls this file). */
type ListedProject = Pick<IcoProject, 'listed' | 'price' | 'symbol' | 'token_places'> & { settled_ms: number | null };

/** The fewest price places a listed token's pair gets (a 0.05 raise price still trades in 0.0001 steps). */
const MIN_PRICE_PLACES = 4;

/**
 * Opens the spot pair TOKEN_USDT of a settled project marked `listed`, inside the caller's
 * transaction (the settlement, or an operator's edit that lists a settled project): one `pair`
 * row, trading on, `simulated` false (no market makers, no made-up chart: it trades only what the
 * holders bring), price places those of the raise price (at least 4), amount places the token's,
 * and the smallest order one token unit or 1 USDT. Answers the pair to announce after the commit,
 * or undefined if it was open already. A project that is not settled, or not listed, opens nothing.
 */
export async function listToken(tx: Queryable, p: ListedProject): Promise<OpenedPair | undefined> {
  if (!p.listed || p.settled_ms === null) return undefined;
  const pricePlaces = Math.min(ICO_PRICE_PLACES, Math.max(MIN_PRICE_PLACES, places(p.price)));
  const inserted = await tx.query(
    `insert into pair (left_symbol, right_symbol, price_precision, amount_precision, sort, min_quantity, min_notional, simulated)
     values ($1, $2, $3, $4::smallint, 1000, power(10::numeric, -($4::int)), 1, false)
     on conflict (left_symbol, right_symbol) do nothing returning 1`,
    [p.symbol, ICO_CURRENCY, pricePlaces, p.token_places],
  );
  if (inserted.length === 0) return undefined;
  // Listed for spot trading (its pair_listing row); no contract.
  await setListing(tx, 'spot', p.symbol, ICO_CURRENCY, true);
  // Every process's pair list hears of it at the commit (kernel/platform/caches.ts).
  await cacheChanged(tx, PAIRS_CACHE);
  return { left: p.symbol, right: ICO_CURRENCY };
}

/** After the commit: the markets' product opens the pair's market at once (kernel `PairOpenings`). */
export function announceListing(pairs: PairOpenings | undefined, pair: OpenedPair | undefined): void {
  if (pair) pairs?.announce(pair);
}

function places(decimal: string): number {
  return decimal.split('.')[1]?.length ?? 0;
}
