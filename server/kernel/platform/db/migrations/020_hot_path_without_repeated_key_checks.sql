-- Foreign keys on the trading path whose check repeated what the same statement already ensures.
-- Each check is a query of its own, run per row, with a key-share lock on the referenced row: at
-- 1,000 orders/s they were a tenth of the database's CPU (perf on the embedded server:
-- RI_FKey_check 10.6 %), about seven checks per order. Users and orders are never deleted.
--
-- * ledger_entry, spot_order and idempotency_key rows of a user are written only in the statement
--   that also writes that user's balance row (kernel/platform/ledger balanceDeltas / ledgerBatch; the spot
--   record stage freezes funds for every order it writes), and balance.user_id keeps its key.
-- * spot_trade's maker and taker orders: the settlement writes a trade in the statement that
--   updates both its orders, and that statement fails unless it updated every order it names
--   (pipeline/settlement.ts, SETTLED_ORDERS_MISSING).
--
-- Kept: balance → app_user, spot_order → pair, and every key of the other products.
alter table ledger_entry drop constraint ledger_entry_user_id_fkey;
alter table spot_order drop constraint spot_order_user_id_fkey;
alter table idempotency_key drop constraint idempotency_key_user_id_fkey;
alter table spot_trade drop constraint spot_trade_maker_order_id_fkey;
alter table spot_trade drop constraint spot_trade_taker_order_id_fkey;
