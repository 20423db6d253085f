-- Price alerts (server/products/alerts): a user's "tell me when BTC/USDT rises to / falls to P".
-- Active ones are read each second by pair, condition and price (price_alert_active: only those a
-- trade reached, not every active one), those made in the last seconds by time
-- (price_alert_recent); a user's list newest first (price_alert_user). An alert ends once: triggered by the sweep's update or cancelled by its
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
create index price_alert_active on price_alert (left_symbol, right_symbol, condition, price) where status = 'active';
create index price_alert_recent on price_alert (created_ms) where status = 'active';
create index price_alert_user on price_alert (user_id, id desc);
