/**
 * Convert (server/products/convert, src/features/convert): a signed-in user swaps one currency for
 * another in one step, at a quoted rate, instead of placing an order on a trade page. The server
 * quotes from the spot book of the pair that joins the two currencies; accepting the quote (within
 * QUOTE_VALID_MS) places one fill-or-kill limit order there at the quote's bound, so the user is
 * never given less than the quoted minimum, nor charged more than the quoted maximum: either the
 * whole swap happens within the quote, or nothing does and the user is asked to take a new quote.
 */
export const CONVERT_PATHS = {
  /** POST {from, to, amount}: a quote for paying `amount` of `from` to receive `to`. */
  quote: '/api/convert/quote',
  /** POST {quote_id}: converts at that quote, once; a repeat answers the same conversion. */
  accept: '/api/convert/accept',
  /** POST {page}: the user's conversions, newest first. */
  history: '/api/convert/history',
} as const;

/** How long a quote can be accepted after it was given. */
export const QUOTE_VALID_MS = 10_000;

/**
 * How far past the book's price for the amount a quote's bound lies (a fraction): the makers move
 * their orders every second, so a bound at the book's exact price would fail most accepts.
 */
export const QUOTE_TOLERANCE = '0.005';

/** How many conversions a history page holds. */
export const CONVERT_PAGE_SIZE = 20;

export interface ConvertQuoteInput {
  /** The currency paid, "USDT". */
  from: string;
  /** The currency received, "BTC". */
  to: string;
  /** How much of `from` to pay: a positive decimal. */
  amount: string;
}

export interface ConvertQuote {
  quote_id: number;
  from: string;
  to: string;
  /** The spot pair that carries it, "BTC_USDT", and the side taken there (buy: `to` is its base). */
  symbol: string;
  side: 'buy' | 'sell';
  /** The most of `from` paid (a buy pays at most what was asked; a sell pays exactly its base). */
  pay_max: string;
  /** What paying costs at the book as it stands (≤ pay_max). */
  pay_expected: string;
  /** The least of `to` received, after the fee. */
  receive_min: string;
  /** What is received at the book as it stands, after the fee (≥ receive_min). */
  receive_expected: string;
  /** receive_expected ÷ pay_expected: how much `to` one `from` gives. */
  rate: string;
  /** pay_expected ÷ receive_expected: how much `from` one `to` costs. */
  inverse_rate: string;
  /** The taker fee rate charged, and in which currency (always `to`: what is received). */
  fee_rate: string;
  fee_currency: string;
  /** Server time (ms) after which the quote is refused. */
  expires_at: number;
  /** QUOTE_VALID_MS, for a client whose clock differs from the server's. */
  valid_ms: number;
}

/** `converted`: the whole swap was done; `moved`: the book moved past the quote, nothing was done. */
export type ConvertStatus = 'converted' | 'moved';

export interface ConvertResult {
  quote_id: number;
  from: string;
  to: string;
  status: ConvertStatus;
  /** What was paid and received (after the fee); "0" when `moved`. */
  paid: string;
  received: string;
  fee: string;
  /** The spot order that carried it (listed with the user's spot orders). */
  order_id: number;
  created_at: number;
}
