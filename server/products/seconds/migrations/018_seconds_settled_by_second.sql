-- Seconds contracts settle by second, not by contract (issue 14: 100,000 contracts of one second
-- settled in under a second). Every contract of one pair and expiry second settles at the same
-- price, so the settlement writes one row per (pair, second) and one ledger entry per owner per
-- batch; the contracts themselves are never updated. A contract's state (open or settled, its settle
-- price, outcome and profit) is derived from its second's row by the view seconds_contract_view.
-- See docs/API.md "Seconds contracts".

-- One settlement transaction: the owners' ledger entries and the house's refer to it
-- (ref_type 'seconds_settlement', ref_id = id).
create table seconds_settlement (
  id bigserial primary key,
  settled_ms bigint not null,
  contracts int not null default 0 check (contracts >= 0)
);

-- One row per (pair, expiry second) that has contracts, written by the first purchase of that
-- second (insert … on conflict do nothing, then a share lock on it until the purchase commits, so
-- a settlement of the second waits for purchases still in flight). Settled once: price, time and
-- the settlement that applied it are set together and never change.
create table seconds_second (
  left_symbol text not null,
  right_symbol text not null,
  second bigint not null,
  settle_price numeric(36, 18),
  settled_ms bigint,
  -- Checked at commit: the settlement row is written after its seconds, with their count.
  settlement_id bigint references seconds_settlement (id) deferrable initially deferred,
  primary key (left_symbol, right_symbol, second),
  check ((settle_price is null) = (settled_ms is null)),
  check (settlement_id is null or settled_ms is not null)
);
-- The seconds still to settle: a handful of rows however many contracts there are.
create index seconds_second_due on seconds_second (second) where settled_ms is null;
create index seconds_second_settlement on seconds_second (settlement_id) where settlement_id is not null;

-- A second's contracts, for the settlement's sums, the pushes and the exposure bound.
create index seconds_contract_second on seconds_contract (left_symbol, right_symbol, expiry_second);

-- Contracts settled before this migration keep their own settle_price, outcome, profit and
-- settled_ms (status 2); those columns are never written again. A second is settled if none of its
-- contracts is still open; one with an open contract stays due, and its settlement skips the
-- contracts already settled (settled_ms is not null).
insert into seconds_second (left_symbol, right_symbol, second, settle_price, settled_ms)
select left_symbol, right_symbol, expiry_second,
  case when bool_and(status = 2) then max(settle_price) end,
  case when bool_and(status = 2) then max(settled_ms) end
from seconds_contract group by left_symbol, right_symbol, expiry_second;

-- The open/settled predicates no longer live on the contract rows.
drop index seconds_contract_due;
drop index seconds_contract_open_book;
comment on column seconds_contract.status is 'Only for contracts settled before migration 018 (then 2); read the state from seconds_contract_view';

-- Every contract as the API shows it: status 1 open, 2 settled, with its settle price, outcome and
-- profit from its second's price (win: stake × payout rate; loss: −stake; draw: 0).
create view seconds_contract_view as
select c.id, c.user_id, c.left_symbol, c.right_symbol, c.direction, c.period_s, c.payout_rate, c.stake, c.buy_price,
  c.accepted_ms, c.expiry_second,
  (case when c.settled_ms is not null or s.settled_ms is not null then 2 else 1 end)::smallint as status,
  coalesce(c.settle_price, s.settle_price) as settle_price,
  case
    when c.settled_ms is not null then c.outcome
    when s.settled_ms is null then null
    when s.settle_price = c.buy_price then 'draw'
    when (s.settle_price > c.buy_price) = (c.direction = 'up') then 'win'
    else 'loss'
  end as outcome,
  case
    when c.settled_ms is not null then c.profit
    when s.settled_ms is null then null
    when s.settle_price = c.buy_price then 0
    when (s.settle_price > c.buy_price) = (c.direction = 'up') then c.stake * c.payout_rate
    else -c.stake
  end as profit,
  coalesce(c.settled_ms, s.settled_ms) as settled_ms,
  case when c.settled_ms is null then s.settlement_id end as settlement_id
from seconds_contract c
left join seconds_second s on s.left_symbol = c.left_symbol and s.right_symbol = c.right_symbol and s.second = c.expiry_second;
