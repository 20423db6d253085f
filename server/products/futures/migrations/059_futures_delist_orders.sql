-- Issue 52 §1: a contract's delisting closes every position at the mark with a close order of
-- source 'delist' (futures/delisting.ts): no book, no trade, no fee.
alter table futures_order drop constraint futures_order_source_check;
alter table futures_order add constraint futures_order_source_check
  check (source in ('user', 'flash', 'take_profit', 'stop_loss', 'liquidation', 'adl', 'maker', 'delist'));
