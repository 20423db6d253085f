-- Issue 52 §1, delisting a currency. `delist_announced_ms`: when a risk operator announced it —
-- deposits closed at once (recharge_turn 0 from then on). `delist_at_ms`: the announced end —
-- withdrawals stay open until then so users can leave, and from then on the currency is left out
-- of the currency list. The row stays: ledgers, balances and histories keep naming it.
alter table currency add column delist_announced_ms bigint;
alter table currency add column delist_at_ms bigint;
alter table currency add column delist_reason text check (delist_reason is null or length(delist_reason) between 1 and 200);
alter table currency add constraint currency_delisting check ((delist_announced_ms is null) = (delist_at_ms is null) and (delist_at_ms is null) = (delist_reason is null));
