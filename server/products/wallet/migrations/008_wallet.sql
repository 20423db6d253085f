-- Wallet (spec §2 /wallet, §3 wallet flow, §4 deposit and withdrawal states).

-- The networks (chains) a currency can be deposited and withdrawn on, with their limits. No foreign
-- key to currency: migrations run before the seed, and the rows below are the seed's networks.
create table currency_network (
  currency text not null,
  network text not null,
  deposit_min numeric(36, 18) not null check (deposit_min >= 0),
  withdraw_min numeric(36, 18) not null check (withdraw_min > 0),
  withdraw_fee numeric(36, 18) not null check (withdraw_fee >= 0),
  confirmations int not null check (confirmations between 1 and 1000),
  deposit_enabled boolean not null default true,
  withdraw_enabled boolean not null default true,
  sort int not null default 0,
  primary key (currency, network)
);

insert into currency_network (currency, network, deposit_min, withdraw_min, withdraw_fee, confirmations, sort) values
  ('USDT', 'TRC20', '1', '10', '1', 3, 0),
  ('USDT', 'ERC20', '10', '20', '5', 12, 1),
  ('BTC', 'BTC', '0.0001', '0.001', '0.0002', 3, 0),
  ('ETH', 'ERC20', '0.005', '0.01', '0.002', 12, 0),
  ('BNB', 'BEP20', '0.01', '0.02', '0.001', 6, 0),
  ('SOL', 'SOL', '0.05', '0.1', '0.01', 6, 0),
  ('XRP', 'XRP', '1', '20', '0.25', 3, 0),
  ('DOGE', 'DOGE', '10', '50', '5', 6, 0),
  ('ADA', 'ADA', '2', '10', '1', 6, 0),
  ('TRX', 'TRC20', '10', '50', '1', 3, 0),
  ('LTC', 'LTC', '0.01', '0.05', '0.001', 6, 0)
on conflict do nothing;

-- One deposit address per user, currency and network, made by the chain adapter and kept, so it
-- never changes. An address identifies its owner on its network.
create table deposit_address (
  user_id bigint not null references app_user (id) on delete cascade,
  currency text not null,
  network text not null,
  address text not null,
  created_ms bigint not null,
  primary key (user_id, currency, network)
);
create unique index deposit_address_network on deposit_address (network, address);

-- Status: 1 pending, 2 confirming, 3 success (spec §4). The balance is credited in the same
-- transaction that sets status 3. A transaction hash is credited at most once.
create table deposit (
  id bigserial primary key,
  user_id bigint not null references app_user (id),
  currency text not null,
  network text not null,
  address text not null,
  quantity numeric(36, 18) not null check (quantity > 0),
  tx_hash text not null unique,
  confirmations int not null default 0,
  confirmations_required int not null,
  status smallint not null default 1 check (status between 1 and 3),
  created_ms bigint not null,
  updated_ms bigint not null
);
create index deposit_user on deposit (user_id, id desc);
create index deposit_in_flight on deposit (id) where status in (1, 2);

-- Status: 1 not disbursed, 2 pending confirmation (broadcast), 3 completed, 4 release failed,
-- 5 cancelled by the user (spec §4). quantity + fee are frozen in spot from submission until 3, 4
-- or 5. value_usdt is the quantity's USDT value at submission, for the 24-hour limit.
create table withdrawal (
  id bigserial primary key,
  user_id bigint not null references app_user (id),
  currency text not null,
  network text not null,
  address text not null,
  quantity numeric(36, 18) not null check (quantity > 0),
  fee numeric(36, 18) not null check (fee >= 0),
  value_usdt numeric(36, 18) not null,
  tx_hash text unique,
  confirmations int not null default 0,
  confirmations_required int not null,
  status smallint not null default 1 check (status between 1 and 5),
  reason text,
  operator_id bigint references app_user (id),
  created_ms bigint not null,
  updated_ms bigint not null
);
create index withdrawal_user on withdrawal (user_id, id desc);
create index withdrawal_open on withdrawal (id) where status in (1, 2);

-- Internal transfers between a user's own accounts; the two ledger entries reference the row.
create table wallet_transfer (
  id bigserial primary key,
  user_id bigint not null references app_user (id),
  currency text not null,
  from_account text not null,
  to_account text not null check (to_account <> from_account),
  quantity numeric(36, 18) not null check (quantity > 0),
  created_ms bigint not null
);
create index wallet_transfer_user on wallet_transfer (user_id, id desc);

-- Ledger reads by user and time (records with the 3/7/30-day filters, today's profit and loss).
create index ledger_entry_user_time on ledger_entry (user_id, created_at);
