-- A held deposit (status 4, migration 060) resolved by a finance operator (docs/OPERATOR.md "Held
-- deposits"): credited (status 3, as a confirmed deposit is credited; allowed only below the
-- minimum), or returned on the chain (status 5) to an address the operator typed, with the return's
-- transaction hash. Nothing was ever credited for a held deposit, so a return moves no balance.
-- The held reason stays on the row once resolved, so the history keeps why it was held;
-- `resolved_by` / `resolved_ms` say who resolved it and when (the audit log has the rest).
alter table deposit add column return_address text;
alter table deposit add column return_tx_hash text;
alter table deposit add column resolved_by bigint references app_user (id);
alter table deposit add column resolved_ms bigint;
alter table deposit drop constraint deposit_status_check;
alter table deposit add constraint deposit_status_check check (
  status between 1 and 5
  and (held_reason is not null) = (status in (4, 5) or resolved_by is not null)
  and (resolved_by is null) = (status in (1, 2, 4) or (status = 3 and held_reason is null))
  and (status = 5) = (return_tx_hash is not null)
  and (return_address is null) = (return_tx_hash is null)
);
-- The operators' desk lists the held ones, newest first.
create index deposit_held on deposit (id desc) where status = 4;
