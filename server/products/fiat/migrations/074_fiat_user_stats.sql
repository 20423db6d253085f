-- Each user's P2P record as the ad list shows it (ads.ts merchantStats: completed orders and the
-- completion rate, completed ÷ finished), kept as counters. The list read every P2P visitor loads
-- counted each advertiser's orders ever, as buyer or seller, on every read: 550–610 ms at 125,000
-- orders of one merchant where it was found, 91–141 ms on PostgreSQL at 100,000 in npm run
-- bench:fiat-ads; now it reads one row per advertiser by its primary key, about 1 ms (bench/README.md
-- "P2P ad list: the advertisers' records").
create table fiat_user_stats (
  user_id bigint primary key references app_user (id),
  -- Orders the user was buyer or seller in that ended 'completed'.
  completed bigint not null default 0 check (completed >= 0),
  -- …that ended at all: 'completed' or 'cancelled' (whoever cancelled, by whatever path).
  finished bigint not null default 0 check (finished >= completed)
);

-- The counters are kept by a trigger on fiat_order, not by the code that moves an order, so that
-- no write of fiat_order.status is ever left uncounted: today every status change goes through
-- orders.ts `transition` (release, the buyer's cancel, the sweep's expiry, the operator's appeal
-- rulings, the simulated merchants' releases), but a path added later or an operator's repair in
-- SQL counts as well, in the same transaction as the change. A row's new status is added and its
-- old one taken off, for both of its users, so the counters always equal a recount from
-- fiat_order (tests/server/fiat/userStats.test.ts, migration074.test.ts; the ledger audit checks
-- it: fiat/userStats.ts).
--
-- The trigger is deferred to the transaction's commit: the two users' rows are then its last
-- locks, taken in id order and held only through the commit. Taken at the update, they would sit
-- between the step's other locks (the order, the seller's user row, the ad, the balances) and
-- close cycles: a buyer's cancel holding A's counters waits for A's buy ad, which a take holds
-- while it waits for A's user row, which A's own release holds while it waits for A's counters.
-- Two orders finishing at once between the same two users, each the buyer in one, lock them in
-- the same order and cannot deadlock either.
create or replace function fiat_user_stats_add(buyer bigint, seller bigint, completed_change bigint, finished_change bigint) returns void
language plpgsql as $$
declare
  party bigint;
begin
  if completed_change = 0 and finished_change = 0 then
    return;
  end if;
  if completed_change >= 0 and finished_change >= 0 then
    insert into fiat_user_stats (user_id, completed, finished)
      select p, completed_change, finished_change from unnest(array[least(buyer, seller), greatest(buyer, seller)]) as p
    on conflict (user_id) do update
      set completed = fiat_user_stats.completed + excluded.completed, finished = fiat_user_stats.finished + excluded.finished;
    return;
  end if;
  -- Taking an order off (a finished order's status rewritten, or its row deleted): the rows exist,
  -- and an insert of the negative change would fail its checks before finding them.
  foreach party in array array[least(buyer, seller), greatest(buyer, seller)] loop
    update fiat_user_stats set completed = completed + completed_change, finished = finished + finished_change where user_id = party;
    if not found then
      raise exception 'fiat_user_stats has no row for user %', party;
    end if;
  end loop;
end
$$;

-- The new row is added before the old one is taken off: between the two the counters are those
-- of a set of orders holding both, so they never break their checks on the way (a cancelled order
-- turned completed would otherwise count one finished fewer than completed for a moment).
create or replace function fiat_user_stats_count() returns trigger
language plpgsql as $$
begin
  if tg_op in ('INSERT', 'UPDATE') then
    perform fiat_user_stats_add(new.buyer_id, new.seller_id, (new.status = 'completed')::int, (new.status in ('completed', 'cancelled'))::int);
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    perform fiat_user_stats_add(old.buyer_id, old.seller_id, -(old.status = 'completed')::int, -(old.status in ('completed', 'cancelled'))::int);
  end if;
  return null;
end
$$;

-- No order may change while the counters are filled and until the trigger stands (a server still
-- running the code before this one, beside the migrating one): the lock holds to the commit.
lock table fiat_order in share row exclusive mode;

-- The counters of the orders finished so far: both parties of each.
insert into fiat_user_stats (user_id, completed, finished)
select party, count(*) filter (where status = 'completed'), count(*)
from (
  select buyer_id as party, status from fiat_order where status in ('completed', 'cancelled')
  union all
  select seller_id, status from fiat_order where status in ('completed', 'cancelled')
) finished_orders
group by party;

-- Updates of other columns (the deadline notices' flags, a restart's grace) do not fire it.
create constraint trigger fiat_user_stats_count after insert or delete or update of status, buyer_id, seller_id on fiat_order
  deferrable initially deferred
  for each row execute function fiat_user_stats_count();
