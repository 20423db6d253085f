-- Issue 52 §2: fee schedules per product and market, by tier, with per-user overrides
-- (server/products/fees/, domain/fees.ts, server/kernel/platform/fees/feeRates.ts). Rates are fractions of
-- what a side receives (spot) or of the notional (futures). A maker rate may be negative — a rebate,
-- paid from the fee account — but never larger than the taker rate of the same row, so one trade
-- never costs the house more than it takes.

-- Tiers by 30-day traded volume in USDT: tier 0 is everyone (from 0).
create table fee_tier (
  tier smallint primary key check (tier between 0 and 99),
  min_volume_usdt numeric(36, 18) not null check (min_volume_usdt >= 0),
  check (tier > 0 or min_volume_usdt = 0)
);
insert into fee_tier (tier, min_volume_usdt) values (0, 0);

-- The rates of a product's market (`BTC_USDT`) or of its default (`*`), from a tier up: a user at
-- tier k pays the row of the highest tier <= k of their market, else of the product's default.
create table fee_schedule (
  product text not null check (product in ('spot', 'futures')),
  market text not null check (market = '*' or market ~ '^[A-Z0-9]{1,16}_[A-Z0-9]{1,16}$'),
  tier smallint not null references fee_tier (tier),
  maker numeric(12, 8) not null check (maker > -1 and maker < 1),
  taker numeric(12, 8) not null check (taker >= 0 and taker < 1),
  check (maker + taker >= 0),
  primary key (product, market, tier)
);
-- Today's values, so nothing changes by default: spot's one schedule row, futures' constants.
insert into fee_schedule (product, market, tier, maker, taker)
select 'spot', '*', 0, maker, taker from spot_fee_schedule where id = 1;
insert into fee_schedule (product, market, tier, maker, taker) values ('spot', '*', 0, 0.001, 0.001) on conflict do nothing;
insert into fee_schedule (product, market, tier, maker, taker) values ('futures', '*', 0, 0.0002, 0.0005);
drop table spot_fee_schedule;

-- A user's own rates (a market maker, a partner) in one market or all of a product's (`*`), until `ends_ms`.
create table fee_override (
  user_id bigint not null references app_user (id),
  product text not null check (product in ('spot', 'futures')),
  market text not null check (market = '*' or market ~ '^[A-Z0-9]{1,16}_[A-Z0-9]{1,16}$'),
  maker numeric(12, 8) not null check (maker > -1 and maker < 1),
  taker numeric(12, 8) not null check (taker >= 0 and taker < 1),
  check (maker + taker >= 0),
  ends_ms bigint not null,
  note text not null default '' check (length(note) <= 200),
  operator_id bigint not null,
  created_ms bigint not null,
  primary key (user_id, product, market)
);

-- Each user's traded volume in USDT over the 30 days before `day_ms` (a UTC midnight), computed
-- once a day; the rows of fee_state.volume_day_ms are the volumes in force. A user without a row
-- there traded nothing in those days (volume 0).
create table fee_volume (
  user_id bigint not null references app_user (id),
  day_ms bigint not null,
  volume_usdt numeric(36, 18) not null check (volume_usdt >= 0),
  primary key (user_id, day_ms)
);

-- Bumped by every change of the tables above (an edit, the daily volumes): every process's rate
-- cache reads this one number at most once a second and reloads when it moved.
create table fee_state (
  id smallint primary key default 1 check (id = 1),
  version bigint not null,
  volume_day_ms bigint
);
insert into fee_state (id, version) values (1, 1);

-- The rate each side paid (null on trades before this migration). A rebate is a negative fee.
alter table spot_trade add column maker_rate numeric(12, 8);
alter table spot_trade add column taker_rate numeric(12, 8);
alter table spot_trade drop constraint if exists spot_trade_maker_fee_check;
alter table spot_order drop constraint if exists spot_order_fee_check;
