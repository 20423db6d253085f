-- Market makers and the platform's own accounts are users too, so every balance is one kind of row.
alter table app_user add column kind text not null default 'user' check (kind in ('user', 'market_maker', 'system'));

-- One row per user, currency and wallet account (spec §3: spot, futures, seconds, fiat, ICO).
-- A balance can never go negative: the checks make an overdraft fail its whole transaction.
create table balance (
  user_id bigint not null references app_user (id),
  currency text not null references currency (symbol),
  account text not null default 'spot' check (account in ('spot', 'contract', 'sec_contract', 'legal', 'ico')),
  available numeric(36, 18) not null default 0 check (available >= 0),
  frozen numeric(36, 18) not null default 0 check (frozen >= 0),
  primary key (user_id, currency, account)
);

-- Every change of a balance, written in the same transaction as the change, with the result.
create table ledger_entry (
  id bigserial primary key,
  user_id bigint not null references app_user (id),
  currency text not null,
  account text not null,
  kind text not null,
  available_change numeric(36, 18) not null,
  frozen_change numeric(36, 18) not null,
  available_after numeric(36, 18) not null,
  frozen_after numeric(36, 18) not null,
  ref_type text not null,
  ref_id bigint,
  created_at timestamptz not null default now()
);
create index ledger_entry_user on ledger_entry (user_id, id desc);

-- Status: 1 waiting, 2 partially traded, 3 fully traded, 4 cancelled (spec §4).
create table spot_order (
  id bigserial primary key,
  user_id bigint not null references app_user (id),
  left_symbol text not null,
  right_symbol text not null,
  side text not null check (side in ('buy', 'sell')),
  type text not null check (type in ('limit', 'market')),
  tif text not null check (tif in ('GTC', 'IOC', 'FOK', 'POST_ONLY')),
  price numeric(36, 18) not null default 0,
  quantity numeric(36, 18) not null check (quantity > 0),
  quote_budget numeric(36, 18),
  -- What is still frozen for this order (quote for buys, base for sells).
  frozen numeric(36, 18) not null check (frozen >= 0),
  filled numeric(36, 18) not null default 0,
  filled_quote numeric(36, 18) not null default 0,
  status smallint not null default 1 check (status between 1 and 4),
  created_ms bigint not null,
  updated_ms bigint not null,
  foreign key (left_symbol, right_symbol) references pair (left_symbol, right_symbol)
);
create index spot_order_open on spot_order (left_symbol, right_symbol, id) where status in (1, 2);
create index spot_order_user on spot_order (user_id, id desc);

create table spot_trade (
  id bigserial primary key,
  left_symbol text not null,
  right_symbol text not null,
  price numeric(36, 18) not null,
  quantity numeric(36, 18) not null,
  taker_side text not null check (taker_side in ('buy', 'sell')),
  maker_order_id bigint not null references spot_order (id),
  taker_order_id bigint not null references spot_order (id),
  maker_user_id bigint not null,
  taker_user_id bigint not null,
  created_ms bigint not null
);
create index spot_trade_pair on spot_trade (left_symbol, right_symbol, id desc);

-- Candles per pair and interval; the one in progress is kept up to date with every trade.
create table candle (
  left_symbol text not null,
  right_symbol text not null,
  interval text not null,
  open_time bigint not null,
  open numeric(36, 18) not null,
  high numeric(36, 18) not null,
  low numeric(36, 18) not null,
  close numeric(36, 18) not null,
  amount numeric(36, 18) not null,
  vol numeric(36, 18) not null,
  count int not null,
  source text not null default 'trades' check (source in ('trades', 'seed')),
  primary key (left_symbol, right_symbol, interval, open_time)
);
