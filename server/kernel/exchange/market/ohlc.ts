/** A trade as market data sees it: integer ticks and lots, time in ms. */
export interface TradePrint {
  time: number;
  price: number;
  quantity: number;
}

/** Open, high, low, close, amount (lots), turnover (ticks×lots) and trade count of a span of trades. */
export interface Ohlc {
  open: number;
  high: number;
  low: number;
  close: number;
  amount: number;
  vol: bigint;
  count: number;
}

/** The figures of a span that so far holds only this trade. */
export function ohlcOf(trade: TradePrint): Ohlc {
  return {
    open: trade.price,
    high: trade.price,
    low: trade.price,
    close: trade.price,
    amount: trade.quantity,
    vol: BigInt(trade.price) * BigInt(trade.quantity),
    count: 1,
  };
}

/** Folds one more trade (later in time) into a span's figures, in place. */
export function addTrade(span: Ohlc, trade: TradePrint): void {
  span.high = Math.max(span.high, trade.price);
  span.low = Math.min(span.low, trade.price);
  span.close = trade.price;
  span.amount += trade.quantity;
  span.vol += BigInt(trade.price) * BigInt(trade.quantity);
  span.count += 1;
}
