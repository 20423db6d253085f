-- Issue 55 §3: a user's open spot orders (the orders page's "current" list, Binance openOrders,
-- the open-orders read of bench:pipeline) by an index of their own, instead of a BitmapAnd of the
-- user's every order (spot_order_user) with every open order of the exchange (spot_order_open):
-- on a bench database with 27,000 open orders that read took 4–5 ms of execution however few orders
-- the user had open, and it grew with the exchange's open orders and the user's history. An order
-- writes one entry more while it is open (its insert, and a fill that leaves it partial); a filled
-- or cancelled order's entry goes with vacuum.
create index spot_order_user_open on spot_order (user_id, id desc) where status in (1, 2);
