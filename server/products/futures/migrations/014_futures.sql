-- USDT-margined perpetual futures (issue 13). See docs/API.md "Futures" and docs/ARCHITECTURE.md
-- "Futures". Money is USDT in the users' `contract` wallet account; quantities are in the pair's
-- base currency. Positions' margin and PnL clear through the system account system:futures_pool,
-- whose balance always equals Σ margin − Σ cost over all positions (checked by the ledger audit).

-- One row per user and pair (one-way mode): side 1 long, −1 short, 0 flat (the row keeps the
-- user's leverage and margin mode for the pair). cost = Σ signed quantity × price of what is open
-- (positive long, negative short); entry price = |cost| ÷ quantity.
create table futures_position (
  user_id bigint not null references app_user (id),
  left_symbol text not null,
  right_symbol text not null,
  side smallint not null default 0 check (side in (-1, 0, 1)),
  quantity numeric(36, 18) not null default 0 check (quantity >= 0),
  cost numeric(36, 18) not null default 0,
  margin numeric(36, 18) not null default 0 check (margin >= 0),
  margin_mode text not null default 'cross' check (margin_mode in ('isolated', 'cross')),
  leverage int not null default 20 check (leverage between 1 and 125),
  realised numeric(36, 18) not null default 0,
  opened_ms bigint,
  updated_ms bigint not null,
  primary key (user_id, left_symbol, right_symbol),
  check ((side = 0) = (quantity = 0)),
  foreign key (left_symbol, right_symbol) references pair (left_symbol, right_symbol)
);
create index futures_position_open on futures_position (left_symbol, right_symbol) where side <> 0;

-- Status (spec §4, src/domain/futures/orderStatus.ts): 0 entrusted, 1 submitted, 2 partially
-- traded, 3 all traded, 4 cancelling, 5 cancelled, 6 invalid. `held` is what the order still holds
-- frozen in the contract account (opening margin + fee; closes hold nothing).
create table futures_order (
  id bigserial primary key,
  user_id bigint not null references app_user (id),
  left_symbol text not null,
  right_symbol text not null,
  action text not null check (action in ('open_long', 'open_short', 'close_long', 'close_short')),
  type text not null check (type in ('limit', 'market')),
  price numeric(36, 18),
  -- The price opening margin was held at (a limit's price, or the book's worst reachable level).
  hold_price numeric(36, 18),
  quantity numeric(36, 18) not null check (quantity > 0),
  filled numeric(36, 18) not null default 0,
  filled_value numeric(36, 18) not null default 0,
  leverage int not null,
  margin_mode text not null,
  held numeric(36, 18) not null default 0 check (held >= 0),
  fee numeric(36, 18) not null default 0,
  profit numeric(36, 18) not null default 0,
  status smallint not null check (status between 0 and 6),
  source text not null default 'user' check (source in ('user', 'flash', 'take_profit', 'stop_loss', 'liquidation', 'maker')),
  trigger_price numeric(36, 18),
  note text,
  created_ms bigint not null,
  updated_ms bigint not null,
  check (filled <= quantity)
);
create index futures_order_open on futures_order (left_symbol, right_symbol, id) where status in (0, 1, 2, 4);
create index futures_order_user on futures_order (user_id, id desc);

create table futures_trade (
  id bigserial primary key,
  left_symbol text not null,
  right_symbol text not null,
  price numeric(36, 18) not null,
  quantity numeric(36, 18) not null,
  taker_side text not null check (taker_side in ('buy', 'sell')),
  maker_order_id bigint not null,
  taker_order_id bigint not null,
  created_ms bigint not null
);
create index futures_trade_pair_time on futures_trade (left_symbol, right_symbol, created_ms);

-- Take-profit / stop-loss plans on a position (u-plan). Status: 1 waiting, 2 triggered,
-- 3 cancelled, 4 failed. trigger_by: 'mark' or 'last' price, or 'roe' (trigger_value a fraction).
create table futures_plan (
  id bigserial primary key,
  user_id bigint not null references app_user (id),
  left_symbol text not null,
  right_symbol text not null,
  kind text not null check (kind in ('take_profit', 'stop_loss')),
  position_side smallint not null check (position_side in (-1, 1)),
  trigger_by text not null check (trigger_by in ('mark', 'last', 'roe')),
  trigger_value numeric(36, 18) not null,
  exec_type text not null check (exec_type in ('limit', 'market')),
  exec_price numeric(36, 18),
  -- Null: the whole position at the time it fires.
  quantity numeric(36, 18),
  status smallint not null default 1 check (status between 1 and 4),
  order_id bigint,
  note text,
  created_ms bigint not null,
  updated_ms bigint not null
);
create index futures_plan_waiting on futures_plan (left_symbol, right_symbol) where status = 1;
create index futures_plan_user on futures_plan (user_id, id desc);

-- The price feed of each contract pair, persisted so a restart carries on (and the funding job
-- reads the interval's average premium): index, mark, the smoothed basis.
create table futures_mark (
  left_symbol text not null,
  right_symbol text not null,
  index_price numeric(36, 18) not null,
  mark_price numeric(36, 18) not null,
  basis numeric(36, 18) not null,
  premium_sum numeric(36, 18) not null default 0,
  premium_count int not null default 0,
  updated_ms bigint not null,
  primary key (left_symbol, right_symbol)
);

-- One row per pair and funding time: the payments of that time were made exactly once (the
-- insert is the guard, in the payments' transaction).
create table futures_funding (
  left_symbol text not null,
  right_symbol text not null,
  funding_ms bigint not null,
  rate numeric(36, 18) not null,
  mark_price numeric(36, 18) not null,
  positions int not null,
  paid numeric(36, 18) not null,
  received numeric(36, 18) not null,
  primary key (left_symbol, right_symbol, funding_ms)
);
