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
  /** Lists a new currency with its networks (the wallet's route; trading.write, the operator's 2FA code). */
  listCurrency: '/api/operator/currency_listing',
  /** Announces a currency's delisting: deposits close at once, withdrawals at `delist_at` (the wallet's route; trading.write, the operator's 2FA code). */
  delistCurrency: '/api/operator/currency_delist',
  /** Lists a perpetual contract on an existing USDT spot pair at runtime (trading.write, the operator's 2FA code). */
  contractList: '/api/operator/contract_list',
  /** Announces a perpetual contract's delisting at a time: halted then, positions closed at the mark (trading.write, the operator's 2FA code). */
  contractDelist: '/api/operator/contract_delist',
} as const;

/** What a risk operator gives to list a perpetual contract on a spot pair (issue 52 §1; docs/API.md "Listing a perpetual contract"). */
export interface ContractListing {
  /** An existing spot pair quoted in USDT, e.g. "ADA_USDT"; the contract trades at its precisions and minimums. */
  symbol: string;
  /** The highest leverage (1 to CONTRACT_LEVERAGE_MAX): the base currency's default brackets, capped at it. */
  max_leverage: number;
  /** Whether the futures market makers quote it. */
  makers: boolean;
  /** The index until the spot market has traded (needed when the pair has no trades and no reference price yet). */
  reference_price?: string;
}

/** The highest leverage a listed contract may allow (the default brackets' highest). */
export const CONTRACT_LEVERAGE_MAX = 125;

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
  /** Epoch ms of an announced delisting (a spot market's or a contract's); null or absent when none is announced. */
  delist_at?: number | null;
  /** Its delisting has halted it and not yet closed it: it is not resumed (the server refuses; the desk offers no Resume). */
  delist_halted?: boolean;
}

/**
 * A currency as the markets desk lists it, after the markets (its `market` is `currency`): every one
 * not yet past its delisting's end, so the desk offers its Delist (issue 52 §1).
 */
export interface OperatorCurrency {
  market: 'currency';
  symbol: string;
  name: string;
  /** Epoch ms of an announced delisting's end (withdrawals close, it leaves the lists); null when none is announced. */
  delist_at: number | null;
  /** The reason users read on the wallet pages; null when no delisting is announced. */
  delist_reason: string | null;
}

/** What the desk's list (`MARKET_OPERATOR_PATHS.markets`) answers: the markets, then the currencies. */
export type OperatorDeskEntry = OperatorMarket | OperatorCurrency;

/** What the desk's Delist is about: a spot market, a contract, or a currency (each to its route). */
export type DelistSubject = MarketKind | 'currency';

/** What a risk operator gives to announce a spot market's delisting (docs/API.md "Delisting a market"). */
export interface MarketDelisting {
  symbol: string;
  /** Epoch ms: now or later. */
  delist_at: number;
  /** The reason traders read (1 to 200 characters, trimmed). */
  reason: string;
}

/** One network a listed currency is deposited and withdrawn on, with its limits (amounts in the currency). */
export interface CurrencyListingNetwork {
  /** The chain's name, 2 to 16 capitals and digits ("ERC20", "SOL"). */
  network: string;
  /** The smallest deposit credited (0 or more). */
  deposit_min: string;
  /** The smallest withdrawal (above zero and above the fee). */
  withdraw_min: string;
  /** What a withdrawal costs on this network (0 or more). */
  withdraw_fee: string;
  /** Taken from each deposit credited on this network (absent: 0); when above 0, below the deposit minimum. */
  deposit_fee?: string;
  /** Blocks before a deposit is credited (1 to 1000). */
  confirmations: number;
}

/** What a risk operator gives to list a currency (issue 52 §1; docs/API.md "Listing a currency"). */
export interface CurrencyListing {
  /** 2 to 12 capitals and digits, not listed yet. */
  symbol: string;
  /** Its name as the lists show it (1 to 40 characters). */
  name: string;
  /** The decimal places of its amounts (0 to CURRENCY_PRECISION_MAX); the networks' amounts stay within them. */
  precision: number;
  /** 1 to CURRENCY_NETWORKS_MAX networks, each named once. */
  networks: CurrencyListingNetwork[];
}

/** What a risk operator gives to delist a currency (issue 52 §1; docs/API.md "Delisting a currency"). */
export interface CurrencyDelisting {
  symbol: string;
  /** Epoch ms, now or later: withdrawals stay open until then, and the currency leaves the lists then. */
  delist_at: number;
  /** What users read on the wallet pages (1 to 200 characters, trimmed). */
  reason: string;
}

export const CURRENCY_PRECISION_MAX = 8;
export const CURRENCY_NETWORKS_MAX = 5;
export const CURRENCY_NAME_MAX = 40;
export const CURRENCY_SYMBOL_PATTERN = /^[A-Z0-9]{2,12}$/;
export const NETWORK_NAME_PATTERN = /^[A-Z0-9]{2,16}$/;
/** The most blocks a listed network waits before crediting a deposit. */
export const CURRENCY_CONFIRMATIONS_MAX = 1000;
