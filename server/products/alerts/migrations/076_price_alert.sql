-- Price alerts (server/products/alerts): a user's "tell me when BTC/USDT rises to / falls to P".
-- Active ones are read each second by pair (price_alert_active); a user's list newest first
-- (price_alert_user). An alert ends once: triggered by the sweep's update or cancelled by its
-- owner, each guarded by `status = 'active'`, so a trigger and a cancel never both happen.
create table price_alert (
  id bigserial primary key,
  user_id bigint not null references app_user (id),
  left_symbol text not null,
  right_symbol text not null,
  condition text not null check (condition in ('above', 'below')),
  price numeric(36, 18) not null check (price > 0),
  status text not null default 'active' check (status in ('active', 'triggered', 'cancelled')),
  created_ms bigint not null,
  ended_ms bigint,
  triggered_price numeric(36, 18)
);
create index price_alert_active on price_alert (left_symbol, right_symbol) where status = 'active';
create index price_alert_user on price_alert (user_id, id desc);
