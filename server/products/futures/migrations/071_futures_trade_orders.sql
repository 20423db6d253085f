-- One futures order's trades, found by the order: its detail page (service.ts `order`) and the
-- Binance futures stream's TRADE reads (streamReads.ts) ask `maker_order_id = $1 or taker_order_id
-- = $1`, which without these read every trade of every contract (futures_trade grows with the
-- market makers' trading all day). Spot's trades have the same two (spot_trade_maker_order,
-- spot_trade_taker_order). What they cost each trade written: bench/README.md "Futures trades by order".
create index futures_trade_maker_order on futures_trade (maker_order_id);
create index futures_trade_taker_order on futures_trade (taker_order_id);
