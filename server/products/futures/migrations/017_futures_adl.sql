-- Auto-deleveraging (issue 13, docs/API.md "Closing, liquidation and the insurance fund"): the
-- opposite positions a bankrupt liquidation is closed against get a close order of source 'adl'.
alter table futures_order drop constraint futures_order_source_check;
alter table futures_order add constraint futures_order_source_check
  check (source in ('user', 'flash', 'take_profit', 'stop_loss', 'liquidation', 'adl', 'maker'));
