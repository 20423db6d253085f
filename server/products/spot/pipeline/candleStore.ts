import type { Queryable } from '../../../kernel/platform/db/database.js';
import type { Candle } from '../../../kernel/exchange/market/candles.js';
import { candleColumns } from '../../../kernel/platform/marketHistory/klineHistory.js';
import type { MarketData } from '../../../kernel/exchange/marketData.js';
import type { PairSpec } from '../../../kernel/exchange/pairSpec.js';

/**
 * The interval the settlement writes with every batch's trades; the coarser ones are saved by the
 * market about once a second (SpotMarket.saveCandles, CANDLE_SAVE_EVERY_MS). The one-minute candle
 * stays exact in the database, for what reads it there (wallet valuations, the seconds index's
 * fallback, the kline history), and every candle row says up to which trade it counts
 * (`last_trade_id`), so a restart adds what a save missed.
 */
export const SETTLED_INTERVAL = '1min';

/**
 * The candle upsert, its nine arrays numbered from `first` (see candleColumns): `left` and `right`
 * name the pair's parameters, `lastTradeId` the parameter of the newest trade the rows include.
 */
export const candleUpsert = (left: string, right: string, first: number, lastTradeId: string) => {
  const p = (i: number) => `$${first + i}`;
  return `insert into candle (left_symbol, right_symbol, interval, open_time, open, high, low, close, amount, vol, count, source, last_trade_id)
     select ${left}, ${right}, t.interval, t.open_time, t.open, t.high, t.low, t.close, t.amount, t.vol, t.count, 'trades', ${lastTradeId}::bigint
     from unnest(${p(0)}::text[], ${p(1)}::bigint[], ${p(2)}::numeric[], ${p(3)}::numeric[], ${p(4)}::numeric[], ${p(5)}::numeric[], ${p(6)}::numeric[], ${p(7)}::numeric[], ${p(8)}::int[])
       as t(interval, open_time, open, high, low, close, amount, vol, count)
     on conflict (left_symbol, right_symbol, interval, open_time) do update set
       high = greatest(candle.high, excluded.high), low = least(candle.low, excluded.low), close = excluded.close,
       amount = excluded.amount, vol = excluded.vol, count = excluded.count, source = 'trades', last_trade_id = excluded.last_trade_id`;
};

/** Candles as the upsert's arrays, in the pair's decimals. */
export const candleBars = (marketData: MarketData, candles: Iterable<Candle>) =>
  [...candles].map((c) => ({ interval: c.interval, openTime: c.openTime, bar: marketData.bar(c) }));

/** Saves candles that include every trade of the pair up to `lastTradeId`, in one statement. */
export async function saveCandles(db: Queryable, spec: PairSpec, marketData: MarketData, candles: readonly Candle[], lastTradeId: number): Promise<void> {
  if (candles.length === 0) return;
  await db.query(candleUpsert('$1', '$2', 4, '$3'), [spec.left, spec.right, lastTradeId, ...candleColumns(candleBars(marketData, candles))]);
}
