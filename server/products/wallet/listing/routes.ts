import type { FastifyInstance } from 'fastify';
import { CURRENCY_NAME_MAX, CURRENCY_NETWORKS_MAX, CURRENCY_PRECISION_MAX, MARKET_OPERATOR_PATHS, type CurrencyDelisting, type CurrencyListing } from '../../../../domain/marketsDesk.js';
import type { Database } from '../../../kernel/platform/db/database.js';
import { okWith } from '../../../kernel/platform/http/envelope.js';
import { currency, decimal, epochMs, operatorReason, strictObject, text, operatorCode, type OperatorCodeBody } from '../../../kernel/platform/http/schemas.js';
import { unwrap } from '../../../kernel/platform/outcome.js';
import { currencyDelisting } from './currencyDelisting.js';
import { currencyListing } from './currencyListing.js';
import './messages.js';

const network = strictObject(['network', 'deposit_min', 'withdraw_min', 'withdraw_fee', 'confirmations'], {
  network: text(16, 1),
  deposit_min: decimal,
  withdraw_min: decimal,
  withdraw_fee: decimal,
  deposit_fee: decimal,
  // CURRENCY_CONFIRMATIONS_MAX (domain/marketsDesk.ts), written out: schemaKit.test.ts reads a named bound from 1 as an id's.
  confirmations: { type: 'integer', minimum: 1, maximum: 1000 },
});

const listingBody = strictObject(['symbol', 'name', 'precision', 'networks'], {
  symbol: text(12, 1),
  name: text(CURRENCY_NAME_MAX * 2, 1),
  precision: { type: 'integer', minimum: 0, maximum: CURRENCY_PRECISION_MAX },
  networks: { type: 'array', minItems: 1, maxItems: CURRENCY_NETWORKS_MAX, items: network },
  ...operatorCode,
});

const delistingBody = strictObject(['symbol', 'delist_at', 'reason'], { symbol: currency, delist_at: epochMs, reason: operatorReason, ...operatorCode });

/**
 * The risk desk's currency listing and delisting (issue 52 §1; currencyListing.ts), the wallet's since the
 * networks are: its permission (trading.write) is in the operator product's table. `now`: the clock
 * the 2FA code is checked at (tests move it between TOTP steps) and a delisting is announced at.
 */
export function currencyListingRoutes(db: Database, now: () => number = Date.now) {
  const list = currencyListing(db, now);
  const delist = currencyDelisting(db, now);
  return async (app: FastifyInstance) => {
    app.post<{ Body: CurrencyListing & OperatorCodeBody }>(MARKET_OPERATOR_PATHS.listCurrency, { config: { auth: 'operator' }, schema: { body: listingBody } }, async (request) => {
      const { totp_code, code, ...listing } = request.body;
      const listed = unwrap(await list(request.operator, listing, code ?? totp_code, request.lang));
      return okWith(request.lang, 'currencyListDone', listed);
    });
    app.post<{ Body: CurrencyDelisting & OperatorCodeBody }>(MARKET_OPERATOR_PATHS.delistCurrency, { config: { auth: 'operator' }, schema: { body: delistingBody } }, async (request) => {
      const { totp_code, code, ...delisting } = request.body;
      const announced = unwrap(await delist(request.operator, delisting, code ?? totp_code, request.lang));
      return okWith(request.lang, 'currencyDelistDone', announced);
    });
  };
}
