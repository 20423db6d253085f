-- Seconds contracts (issue 14): up/down contracts on a pair's per-second index price, settled at
-- the exact expiry second through the ledger. See docs/API.md "Seconds contracts".

-- The periods an operator offers per pair: payout rate (a fraction of the stake paid as profit on a
-- win), stake bounds in USDT, the house's exposure bound and a switch.
create table seconds_period (
  left_symbol text not null,
  right_symbol text not null,
  period_s int not null check (period_s between 5 and 3600),
  payout_rate numeric(6, 4) not null check (payout_rate > 0 and payout_rate <= 1),
  min_stake numeric(36, 18) not null check (min_stake > 0),
  max_stake numeric(36, 18) not null check (max_stake >= min_stake),
  -- Most open net stake (this direction minus the opposite) per pair, period and direction.
  max_exposure numeric(36, 18) not null check (max_exposure > 0),
  enabled boolean not null default true,
  primary key (left_symbol, right_symbol, period_s),
  foreign key (left_symbol, right_symbol) references pair (left_symbol, right_symbol)
);
-- Rows are seeded per contract pair by the seconds product at start (pairs are seeded after migrations).

-- The per-second index price, once recorded never changed: the price of second S is the median of
-- the per-second VWAPs of the pair's spot trades in seconds S-5 … S-1 (a quiet second repeats the
-- previous one). Settlement reads the expiry second's row, however late it runs.
create table seconds_index (
  left_symbol text not null,
  right_symbol text not null,
  second bigint not null,
  price numeric(36, 18) not null check (price > 0),
  primary key (left_symbol, right_symbol, second)
);

-- Status: 1 open, 2 settled. A contract settles exactly once: the settlement's update is guarded by
-- status = 1 on rows it locked.
create table seconds_contract (
  id bigserial primary key,
  user_id bigint not null references app_user (id),
  left_symbol text not null,
  right_symbol text not null,
  direction text not null check (direction in ('up', 'down')),
  period_s int not null,
  payout_rate numeric(6, 4) not null,
  stake numeric(36, 18) not null check (stake > 0),
  buy_price numeric(36, 18) not null,
  accepted_ms bigint not null,
  expiry_second bigint not null,
  status smallint not null default 1 check (status in (1, 2)),
  settle_price numeric(36, 18),
  outcome text check (outcome in ('win', 'loss', 'draw')),
  profit numeric(36, 18),
  settled_ms bigint,
  check ((status = 1) = (outcome is null))
);
create index seconds_contract_due on seconds_contract (expiry_second, id) where status = 1;
create index seconds_contract_open_book on seconds_contract (left_symbol, right_symbol, period_s, direction) where status = 1;
create index seconds_contract_user on seconds_contract (user_id, id desc);

-- The one-time risk acknowledgement (per warning version).
create table seconds_acknowledgement (
  user_id bigint not null references app_user (id),
  version int not null,
  acknowledged_ms bigint not null,
  primary key (user_id, version)
);

-- The index reads a pair's spot trades by time.
create index spot_trade_pair_time on spot_trade (left_symbol, right_symbol, created_ms);
