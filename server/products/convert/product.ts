import type { Database } from '../../kernel/platform/db/database.js';
import { defineProduct } from '../../kernel/platform/product.js';
import type { Offers } from '../../kernel/platform/offers.js';
import { convertService } from './convert.js';
import { convertRoutes } from './routes.js';

/** The product's parts over explicit dependencies (the product below and the tests). */
export function createConvert({ db, offers, clock = Date.now }: { db: Database; offers: Offers | undefined; clock?: () => number }) {
  const service = convertService(db, offers, clock);
  return { parts: { routes: convertRoutes(service) }, service };
}

/**
 * Convert (domain/convert.ts; docs/API.md "Convert"): one currency swapped for another at a quoted
 * rate, carried by a fill-or-kill spot order through spot's own placing, which spot offers
 * (kernel/platform/offers.ts): this product keeps quotes, never balances or books of its own.
 */
export const convert = defineProduct({
  id: 'convert',
  create: ({ db, offers }) => createConvert({ db, offers }).parts,
});
