-- The futures markets' candles (issue 13): like `candle` for spot, one row per contract pair,
-- interval and open time, the one in progress upserted in the batch transaction that made its
-- trades, so history survives restarts and GET /api/futures/kline pages back through it.
-- Only trades make these rows (no seeded history).
create table futures_candle (
  left_symbol text not null,
  right_symbol text not null,
  interval text not null,
  open_time bigint not null,
  open numeric(36, 18) not null,
  high numeric(36, 18) not null,
  low numeric(36, 18) not null,
  close numeric(36, 18) not null,
  amount numeric(36, 18) not null,
  vol numeric(36, 18) not null,
  count int not null,
  primary key (left_symbol, right_symbol, interval, open_time)
);
