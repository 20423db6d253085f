-- Issue 55 §2: fewer index entries and checks per durable spot order, the same rows and answers.
--
-- * spot_trade's primary key becomes (left_symbol, right_symbol, id) and replaces spot_trade_pair
--   (left_symbol, right_symbol, id desc): every trade wrote an entry into both, and no read looks a
--   trade up by its id alone — they read a pair's trades by id (the newest price at restore, the
--   ICO tokens' last prices) or by time (spot_trade_pair_time), an order's deals through the maker
--   and taker indexes. The id still comes from one sequence, and a settlement written twice still
--   fails on the key (its trades are of one pair). A backward scan serves `order by id desc`.
-- * spot_order → pair: the record stage writes an order only for the pair of the market that runs
--   it, which is built from that pair's row, and pairs are never deleted; the key's check was a
--   query per order and a key-share lock on the pair row (a WAL record) per batch. The same
--   reasoning as 020's for the keys it dropped.
alter table spot_trade drop constraint spot_trade_pkey;
alter table spot_trade add constraint spot_trade_pkey primary key (left_symbol, right_symbol, id);
drop index spot_trade_pair;
alter table spot_order drop constraint spot_order_left_symbol_right_symbol_fkey;
