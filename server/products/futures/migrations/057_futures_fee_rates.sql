-- Issue 52 §2 in the futures books: what each fill paid and at what rate, and what each order's
-- hold reserved for its fee.
-- - `futures_order.hold_rate`: the taker rate an opening order's hold reserved for its fee — the
--   user's own when it was placed (their tier's or override's, kernel/platform/fees/feeRates.ts),
--   so a lower rate freezes no more than needed and a higher one is covered; its fills release the
--   hold at this rate. Orders placed before this migration held at the constant 0.0005; closes
--   hold nothing (0).
-- - `futures_trade.maker_fee`, `taker_fee` (USDT) and `maker_rate`, `taker_rate`: each side's fee and
--   the rate it was charged at (0 for market makers and auto-deleveraged closes; a fee may be cut
--   to what a bankrupt close returns). Null on trades before this migration.
alter table futures_order add column hold_rate numeric(12, 8) not null default 0.0005 check (hold_rate >= 0 and hold_rate < 1);
alter table futures_order alter column hold_rate drop default;
alter table futures_trade add column maker_fee numeric(36, 18) check (maker_fee >= 0);
alter table futures_trade add column taker_fee numeric(36, 18) check (taker_fee >= 0);
alter table futures_trade add column maker_rate numeric(12, 8);
alter table futures_trade add column taker_rate numeric(12, 8);
