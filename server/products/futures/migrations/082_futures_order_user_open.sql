-- Issue 55 §3: a user's open futures orders (the contract page's current orders, Binance
-- openOrders) by an index of their own, as migration 081 does for spot: the read planned a
-- BitmapAnd of the user's every order (futures_order_user) with every open order of the exchange
-- (futures_order_open, the market makers' included), so its cost grew with the exchange's open
-- orders and the user's history, however few the user had open.
create index futures_order_user_open on futures_order (user_id, id desc) where status in (0, 1, 2, 4);
