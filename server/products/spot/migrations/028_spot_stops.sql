-- Spot stop-limit orders and OCO (issue 37). A stop waits here (status 1) until the pair's last
-- trade price reaches its trigger (buy: at or above, sell: at or below); then (status 2) it places
-- its limit order through the spot pipeline under the idempotency key `spot_stop:<id>`, so a
-- restart that fires it again never places twice. Its funds are frozen while it waits (`frozen`,
-- ledger `stop_freeze`) and handed over to the order it places. An OCO is a stop whose
-- `oco_order_id` is a limit order placed with it: a fill or cancel of one ends the other.
create table spot_stop (
  id bigserial primary key,
  user_id bigint not null references app_user (id),
  left_symbol text not null,
  right_symbol text not null,
  side text not null check (side in ('buy', 'sell')),
  trigger_price numeric not null check (trigger_price > 0),
  price numeric not null check (price > 0),
  quantity numeric not null check (quantity > 0),
  -- What the waiting stop holds frozen (for an OCO only what the limit leg's freeze does not cover).
  frozen numeric not null check (frozen >= 0),
  freeze_currency text not null,
  oco_order_id bigint references spot_order (id),
  order_id bigint references spot_order (id),
  -- 1 waiting, 2 triggered, 3 cancelled, 4 failed (the placed order was refused; funds released).
  status smallint not null default 1 check (status in (1, 2, 3, 4)),
  note text,
  created_ms bigint not null,
  updated_ms bigint not null
);
create index spot_stop_live on spot_stop (left_symbol, right_symbol) where status in (1, 2);
create index spot_stop_user on spot_stop (user_id, id desc);
create index spot_stop_oco on spot_stop (oco_order_id) where oco_order_id is not null;
