-- The spot settlement writes only the one-minute candle with each batch's trades; the coarser
-- candles in progress (5 min … 1 month) are saved by their market about once a second
-- (SpotMarket.saveCandles): writing all eight with every batch was a third of the settlement
-- statement's execution (auto_explain). `last_trade_id`: the pair's newest trade the row includes,
-- so a restart after a crash adds exactly the trades the last save missed (SpotMarket.rebuild).
-- Rows written before this change include every trade of their pair so far; seeded rows none.
alter table candle add column last_trade_id bigint;
alter table futures_candle add column last_trade_id bigint;
update candle c set last_trade_id = m.id
from (select left_symbol, right_symbol, max(id) as id from spot_trade group by left_symbol, right_symbol) m
where m.left_symbol = c.left_symbol and m.right_symbol = c.right_symbol and c.source = 'trades';
