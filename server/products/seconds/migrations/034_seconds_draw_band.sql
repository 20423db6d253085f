-- Seconds contracts: the draw band (issue 49 §7). Any move of the index used to decide a contract,
-- and 96 USDT resting one tick inside a quiet spread moved the impact mid by cents. Each recorded
-- second now has a band — half the median impact spread of the minute before it, at least two
-- ticks — and a contract whose settle price is within the wider of its buy second's band and its
-- expiry second's band of its buy price is a draw (stake returned). See docs/API.md "How the
-- settle price is made".

-- The band recorded with each second's price (seconds recorded before this migration: 0).
alter table seconds_index add column band numeric(36, 18) not null default 0 check (band >= 0);

-- The buy second's band, fixed at purchase like the buy price (contracts bought before: 0, which
-- is the old rule: a draw only at the same price).
alter table seconds_contract add column draw_band numeric(36, 18) not null default 0 check (draw_band >= 0);

-- The expiry second's band, written with its settle price (null until then, and for seconds
-- settled before this migration). Migrations run in one transaction, and migration 018 fills this
-- table under a deferred foreign key: its checks are run now, or PostgreSQL refuses to alter a table
-- with pending trigger events (a database upgraded from before 018 in one go).
set constraints seconds_second_settlement_id_fkey immediate;
alter table seconds_second add column settle_band numeric(36, 18) check (settle_band >= 0);

-- Every contract as the API shows it (migration 018's view, the outcome now by the band): a
-- settled contract's draw_band is the wider of the two bands, an open one's its buy second's.
create or replace view seconds_contract_view as
select c.id, c.user_id, c.left_symbol, c.right_symbol, c.direction, c.period_s, c.payout_rate, c.stake, c.buy_price,
  c.accepted_ms, c.expiry_second,
  (case when c.settled_ms is not null or s.settled_ms is not null then 2 else 1 end)::smallint as status,
  coalesce(c.settle_price, s.settle_price) as settle_price,
  case
    when c.settled_ms is not null then c.outcome
    when s.settled_ms is null then null
    when abs(s.settle_price - c.buy_price) <= greatest(c.draw_band, coalesce(s.settle_band, 0)) then 'draw'
    when (s.settle_price > c.buy_price) = (c.direction = 'up') then 'win'
    else 'loss'
  end as outcome,
  case
    when c.settled_ms is not null then c.profit
    when s.settled_ms is null then null
    when abs(s.settle_price - c.buy_price) <= greatest(c.draw_band, coalesce(s.settle_band, 0)) then 0
    when (s.settle_price > c.buy_price) = (c.direction = 'up') then c.stake * c.payout_rate
    else -c.stake
  end as profit,
  coalesce(c.settled_ms, s.settled_ms) as settled_ms,
  case when c.settled_ms is null then s.settlement_id end as settlement_id,
  case when c.settled_ms is null and s.settled_ms is not null then greatest(c.draw_band, coalesce(s.settle_band, 0)) else c.draw_band end as draw_band
from seconds_contract c
left join seconds_second s on s.left_symbol = c.left_symbol and s.right_symbol = c.right_symbol and s.second = c.expiry_second;
