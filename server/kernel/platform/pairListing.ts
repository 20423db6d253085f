import type { Queryable } from './db/database.js';

/**
 * A product's listing of a pair (issue 54 §2, migration 063): one `pair_listing(product, base, quote,
 * status)` row per product and pair, written by the product that lists it (spot's, the futures'
 * contract), instead of one status column per product on the kernel's `pair` row. `product` is the
 * product's id, any lowercase name, so a new product lists pairs with no kernel edit; a pair with
 * no row for a product is not listed there (status 0).
 *
 * Whoever writes a listing announces the pairs' cache (`cacheChanged(tx, PAIRS_CACHE)`,
 * catalogue.ts) in the same transaction, as for any change of a pair: every process's lists,
 * channels and intakes read it again at the commit.
 */

const PRODUCT_ID = /^[a-z][a-z0-9_]*$/;

/** The product's id as an SQL literal: ids are code's constants, checked here so none is ever spliced in unchecked. */
function productLiteral(product: string): string {
  if (!PRODUCT_ID.test(product)) throw new Error(`not a product id: ${JSON.stringify(product)}`);
  return `'${product}'`;
}

const samePair = (product: string, pair: string) =>
  `l.product = ${productLiteral(product)} and l.base = ${pair}.left_symbol and l.quote = ${pair}.right_symbol`;

/**
 * SQL: the status (1 listed, 0 not) `product` gives the pair of the `pair` row named `pair` (the
 * table or its alias in the query), as the wire's `trade_status` / `contract_status` carry it.
 */
export function listingStatus(product: string, pair = 'pair'): string {
  return `coalesce((select l.status from pair_listing l where ${samePair(product, pair)}), 0)`;
}

/** SQL condition: `product` lists the pair of the `pair` row named `pair`. */
export function listedBy(product: string, pair = 'pair'): string {
  return `exists (select 1 from pair_listing l where ${samePair(product, pair)} and l.status = 1)`;
}

/** Lists (or takes out) `product`'s market of base/quote. */
export async function setListing(tx: Queryable, product: string, base: string, quote: string, listed: boolean): Promise<void> {
  productLiteral(product);
  await tx.query(
    `insert into pair_listing (product, base, quote, status) values ($1, $2, $3, $4)
     on conflict (product, base, quote) do update set status = excluded.status`,
    [product, base, quote, listed ? 1 : 0],
  );
}
