import type { FastifyInstance } from 'fastify';
import { HALT_REASON_MAX } from '../../../domain/market.js';
import { LISTING_PRECISION_MAX, MARKET_KINDS, MARKET_OPERATOR_PATHS, type ContractListing, type MarketKind, type MarketListing } from '../../../domain/marketsDesk.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { ok, okWith } from '../../kernel/platform/http/envelope.js';
import { anyBody, currency, decimal, leverage, pairSymbol, strictObject, text, operatorCode, type OperatorCodeBody } from '../../kernel/platform/http/schemas.js';
import { unwrap } from '../../kernel/platform/outcome.js';
import { marketHalts } from './halts.js';
import { marketDelisting } from './delisting.js';
import { marketListing } from './listing.js';
import { contractListing } from './contractListing.js';
import type { contractDelisting } from './contractDelisting.js';

const operator = { auth: 'operator' } as const;
/** Which of the pair's markets: its spot market (the default) or its perpetual contract. */
const kindSchema = { type: 'string', enum: [...MARKET_KINDS] } as const;

/** What the routes tell after a change committed: the pair list's channel pushes the new list (pairListFeed.ts); a listed pair's market opens (the kernel's PairOpenings). */
export interface MarketChanges {
  changed(): Promise<void> | void;
  listed(pair: { left: string; right: string }): void;
}

const precision = { type: 'integer', minimum: 0, maximum: LISTING_PRECISION_MAX } as const;
const listingBody = strictObject(['base', 'quote', 'price_precision', 'amount_precision', 'min_quantity', 'min_notional', 'reference_price', 'makers'], {
  base: currency,
  quote: currency,
  price_precision: precision,
  amount_precision: precision,
  min_quantity: decimal,
  min_notional: decimal,
  reference_price: decimal,
  makers: { type: 'boolean' },
  maker_spread: decimal,
  maker_depth: { type: 'integer', minimum: 1, maximum: 50 },
  ...operatorCode,
});

const contractBody = strictObject(['symbol', 'max_leverage', 'makers'], {
  symbol: pairSymbol,
  max_leverage: leverage,
  makers: { type: 'boolean' },
  reference_price: decimal,
  ...operatorCode,
});

interface DelistBody {
  symbol: string;
  delist_at: number;
  reason: string;
  code?: string;
  /** Deprecated: the former name of `code`. */
  totp_code?: string;
}
const delistBody = strictObject(['symbol', 'delist_at', 'reason'], {
  symbol: pairSymbol,
  delist_at: { type: 'integer', minimum: 0, maximum: 8_640_000_000_000 },
  reason: text(HALT_REASON_MAX * 2),
  ...operatorCode,
});

/** The risk desk's market halts (halts.ts); each route's permission is in the operator product's table. */
export function marketOperatorRoutes(db: Database, changes: MarketChanges, delisting: ReturnType<typeof marketDelisting>, delistContract: ReturnType<typeof contractDelisting>) {
  const halts = marketHalts(db);
  const list = marketListing(db);
  const listContract = contractListing(db);
  return async (app: FastifyInstance) => {
    // A contract on a spot pair: here, where the pair rows are written; futures opens it where it runs, told by the pairs' cache notice (futures/product.ts).
    app.post<{ Body: ContractListing & OperatorCodeBody }>(MARKET_OPERATOR_PATHS.contractList, { config: operator, schema: { body: contractBody } }, async (request) => {
      const { totp_code, code, ...listing } = request.body;
      const listed = unwrap(await listContract(request.operator, listing, code ?? totp_code, request.lang));
      await changes.changed();
      return okWith(request.lang, 'contractListDone', listed);
    });
    app.post<{ Body: MarketListing & OperatorCodeBody }>(MARKET_OPERATOR_PATHS.list, { config: operator, schema: { body: listingBody } }, async (request) => {
      const { totp_code, code, ...listing } = request.body;
      const pair = unwrap(await list(request.operator, listing, code ?? totp_code, request.lang));
      // After the commit: the market opens where it runs, and open pages' lists get the pair (the announcement's listeners).
      changes.listed(pair);
      return okWith(request.lang, 'marketListDone', { symbol: `${pair.left}_${pair.right}` });
    });
    app.post<{ Body: DelistBody }>(MARKET_OPERATOR_PATHS.delist, { config: operator, schema: { body: delistBody } }, async (request) => {
      const { symbol, delist_at, totp_code, code } = request.body;
      return okWith(request.lang, 'marketDelistAnnounced', unwrap(await delisting.announce(request.operator, symbol, delist_at, request.body.reason, code ?? totp_code, request.lang)));
    });
    // A contract's delisting: halted at the time, then closed at the mark where futures runs (contractDelisting.ts).
    app.post<{ Body: DelistBody }>(MARKET_OPERATOR_PATHS.contractDelist, { config: operator, schema: { body: delistBody } }, async (request) => {
      const { symbol, delist_at, totp_code, code } = request.body;
      const announced = unwrap(await delistContract.announce(request.operator, symbol, delist_at, request.body.reason, code ?? totp_code, request.lang));
      await changes.changed();
      return okWith(request.lang, 'contractDelistAnnounced', announced);
    });
    app.post(MARKET_OPERATOR_PATHS.markets, { config: operator, schema: { body: anyBody } }, async (request) => ok(request.lang, await halts.list()));
    app.post<{ Body: { symbol: string; reason: string; market?: MarketKind } }>(
      MARKET_OPERATOR_PATHS.halt,
      { config: operator, schema: { body: strictObject(['symbol', 'reason'], { symbol: pairSymbol, reason: text(HALT_REASON_MAX * 2), market: kindSchema }) } },
      async (request) => {
        const halted = unwrap(await halts.halt(request.operator, request.body.market ?? 'spot', request.body.symbol, request.body.reason));
        await changes.changed();
        return okWith(request.lang, 'marketHaltDone', halted);
      },
    );
    app.post<{ Body: { symbol: string; market?: MarketKind } }>(
      MARKET_OPERATOR_PATHS.resume,
      { config: operator, schema: { body: strictObject(['symbol'], { symbol: pairSymbol, market: kindSchema }) } },
      async (request) => {
        const resumed = unwrap(await halts.resume(request.operator, request.body.market ?? 'spot', request.body.symbol));
        await changes.changed();
        return okWith(request.lang, 'marketResumeDone', resumed);
      },
    );
  };
}
