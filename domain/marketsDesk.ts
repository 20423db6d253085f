/**
 * The risk desk's wire types (issue 52 §1): apart from domain/market.ts, whose channel names and
 * halt rule every page loads with /home, so the desk's paths and rules stay in the desk's chunk.
 */
/** The risk desk's market halts (issue 52 §1; docs/API.md "Market halts"). */
export const MARKET_OPERATOR_PATHS = {
  markets: '/api/operator/markets',
  halt: '/api/operator/market_halt',
  resume: '/api/operator/market_resume',
  /** Lists a new spot pair at runtime (trading.write, the operator's 2FA code). */
  list: '/api/operator/market_list',
  /** Announces a market's delisting at a time (trading.write, the operator's 2FA code). */
  delist: '/api/operator/market_delist',
} as const;

/** What a risk operator gives to list a spot pair (issue 52 §1; docs/API.md "Listing a market"). */
export interface MarketListing {
  /** Existing currencies: the traded one and the one it is priced in. */
  base: string;
  quote: string;
  /** Decimal places of the price and of the quantity (0 to 8). */
  price_precision: number;
  amount_precision: number;
  /** The smallest order quantity (base) and value (quote), decimals within the precisions. */
  min_quantity: string;
  min_notional: string;
  /** The price the market makers start from, in the quote currency. */
  reference_price: string;
  /** Whether market makers quote it; their spread (a fraction of the price, under 0.5) and depth (levels a side, 1 to 50). */
  makers: boolean;
  maker_spread?: string;
  maker_depth?: number;
}

/** The highest price and amount precision a listed pair may have. */
export const LISTING_PRECISION_MAX = 8;

/** The two kinds of market a pair may have: its spot market and its perpetual contract. */
export const MARKET_KINDS = ['spot', 'futures'] as const;
export type MarketKind = (typeof MARKET_KINDS)[number];

/** One market — a pair's spot market or its contract — as the risk desk lists it. */
export interface OperatorMarket {
  /** Which of the pair's markets this is (halt and resume name it; absent: spot). */
  market: MarketKind;
  symbol: string;
  trading: boolean;
  halted_reason: string | null;
  /** Epoch ms; null while trading. */
  halted_at: number | null;
  /** Epoch ms of an announced delisting (spot only); null or absent when none is announced. */
  delist_at?: number | null;
}

/** What a risk operator gives to announce a spot market's delisting (docs/API.md "Delisting a market"). */
export interface MarketDelisting {
  symbol: string;
  /** Epoch ms: now or later. */
  delist_at: number;
  /** The reason traders read (1 to 200 characters, trimmed). */
  reason: string;
}
