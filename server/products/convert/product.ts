import type { Database } from '../../kernel/platform/db/database.js';
import { defineProduct } from '../../kernel/platform/product.js';
import type { Offers } from '../../kernel/platform/offers.js';
import { convertService, type ConvertService } from './convert.js';
import { convertRoutes } from './routes.js';

declare module '../../kernel/platform/offers.js' {
  interface OfferedServices {
    /** Convert's quote, accept and reads (convert.ts), behind /api/convert/* and the Binance dialect's /sapi/v1/convert/*. */
    convert: ConvertService;
  }
}

/** The product's parts over explicit dependencies (the product below and the tests). */
export function createConvert({ db, offers, clock = Date.now }: { db: Database; offers: Offers | undefined; clock?: () => number }) {
  const service = convertService(db, offers, clock);
  offers?.offer('convert', service);
  return { parts: { routes: convertRoutes(service) }, service };
}

/**
 * Convert (domain/convert.ts; docs/API.md "Convert"): one currency swapped for another at a quoted
 * rate, carried by a fill-or-kill spot order through spot's own placing, which spot offers
 * (kernel/platform/offers.ts): this product keeps quotes, never balances or books of its own. It
 * offers its own use cases in turn (`convert`), which the Binance dialect answers /sapi/v1/convert/* with.
 */
export const convert = defineProduct({
  id: 'convert',
  create: ({ db, offers }) => createConvert({ db, offers }).parts,
});
