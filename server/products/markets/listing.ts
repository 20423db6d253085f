import { compareDecimal, isDecimalString } from '../../../domain/decimal.js';
import { LISTING_PRECISION_MAX, type MarketListing } from '../../../domain/marketsDesk.js';
import type { OpenedPair } from '../../kernel/platform/catalogue.js';
import type { OperatorActor } from '../../kernel/platform/auth/operators/access.js';
import type { Database, Queryable } from '../../kernel/platform/db/database.js';
import { setListing } from '../../kernel/platform/pairListing.js';
import { refuse, type Outcome } from '../../kernel/platform/outcome.js';
import { stockListedMakers } from './makerStock.js';
import { auditedListing } from './auditedListing.js';
import './messages.js';

/** Where a listed pair goes in the lists: after the seeded ones (their sort is below 100). */
const LISTED_SORT = 900;

const places = (decimal: string) => decimal.split('.')[1]?.length ?? 0;
const positive = (value: string | undefined) => value !== undefined && isDecimalString(value) && compareDecimal(value, '0') > 0;

/** What the tables cannot say: the listing's own rules, checked before anything is written. */
function checkListing(l: MarketListing): Outcome<true> {
  if (l.base === l.quote) return refuse('marketListingSameCurrency');
  for (const p of [l.price_precision, l.amount_precision]) if (!Number.isInteger(p) || p < 0 || p > LISTING_PRECISION_MAX) return refuse('marketListingPrecision', { max: String(LISTING_PRECISION_MAX) });
  if (!positive(l.min_quantity) || places(l.min_quantity) > l.amount_precision) return refuse('marketListingMinQuantity');
  if (!positive(l.min_notional) || places(l.min_notional) > l.price_precision + l.amount_precision) return refuse('marketListingMinNotional');
  if (!positive(l.reference_price) || places(l.reference_price) > l.price_precision) return refuse('marketListingReferencePrice');
  if (l.makers) {
    if (l.maker_spread !== undefined && (!positive(l.maker_spread) || compareDecimal(l.maker_spread, '0.5') >= 0 || places(l.maker_spread) > 6)) return refuse('marketListingSpread');
    if (l.maker_depth !== undefined && (!Number.isInteger(l.maker_depth) || l.maker_depth < 1 || l.maker_depth > 50)) return refuse('marketListingDepth');
  }
  return { ok: true, data: true };
}

/**
 * Lists a spot pair while the exchange runs (issue 52 §1): a risk operator, with their 2FA code,
 * names two existing currencies, the precisions, minimums, the makers' reference price and whether
 * they quote (with their spread and depth). One transaction inserts the pair row and its audit
 * row; after the commit the caller announces it through the kernel's PairOpenings, and the spot
 * product opens the market where it runs (spot/product.ts `openAnnouncedPairs`: the process
 * running the markets no market process is given — the server, on whichever node holds its lease
 * in a cluster, which reads the same row at any restart or takeover). A refusal changes nothing and
 * is audited as refused.
 */
export function marketListing(db: Database, now: () => number = Date.now) {
  async function insert(tx: Queryable, l: MarketListing): Promise<Outcome<OpenedPair>> {
    // Read `for share`: a currency delisting announced meanwhile (currencyDelisting.ts locks the row
    // for update) waits for this listing, or this listing for it and then sees it announced.
    const currencies = await tx.query<{ symbol: string; amount_places: number; delisting: boolean }>(
      'select symbol, amount_places, delist_announced_ms is not null as delisting from currency where symbol = any($1::text[]) for share',
      [[l.base, l.quote]],
    );
    if (currencies.length < 2) return refuse('marketListingUnknownCurrency');
    // No new market on a currency being delisted: its deposits are closed and its withdrawals end.
    const delisting = currencies.find((c) => c.delisting);
    if (delisting) return refuse('marketListingCurrencyDelisting', { currency: delisting.symbol });
    // A quantity of the base is never finer than the currency itself is counted (its precision, migration 050).
    const base = currencies.find((c) => c.symbol === l.base)!;
    if (l.amount_precision > Number(base.amount_places)) return refuse('marketListingAmountPlaces', { currency: l.base, max: String(base.amount_places) });
    const inserted = await tx.query(
      `insert into pair (left_symbol, right_symbol, price_precision, amount_precision, sort, min_quantity, min_notional,
         simulated, maker_spread, maker_depth, reference_price)
       values ($1, $2, $3, $4, ${LISTED_SORT}, $5::numeric, $6::numeric, $7, $8::numeric, $9, $10::numeric)
       on conflict (left_symbol, right_symbol) do nothing returning 1`,
      [l.base, l.quote, l.price_precision, l.amount_precision, l.min_quantity, l.min_notional, l.makers, l.makers ? (l.maker_spread ?? null) : null, l.makers ? (l.maker_depth ?? null) : null, l.reference_price],
    );
    if (inserted.length === 0) return refuse('marketAlreadyListed');
    // Listed for spot trading; no contract until one is listed on it (contractListing.ts).
    await setListing(tx, 'spot', l.base, l.quote, true);
    // A coin listed at runtime is one the makers hold none of: they are given a stock to quote it.
    if (l.makers) await stockListedMakers(tx, l);
    return { ok: true, data: { left: l.base, right: l.quote } };
  }

  return async function list(operator: OperatorActor, listing: MarketListing, code: string | undefined, lang?: string): Promise<Outcome<OpenedPair>> {
    const l = { ...listing, base: listing.base.toUpperCase(), quote: listing.quote.toUpperCase() };
    const object = { type: 'pair', id: `${l.base}_${l.quote}` };
    return auditedListing(db, now, { operator, code, lang, kind: 'market.list', object, listing: l, checked: checkListing(l), write: (tx) => insert(tx, l) });
  };
}
