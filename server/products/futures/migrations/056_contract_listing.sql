-- Issue 52 §1: a perpetual contract listed at runtime on an existing pair (contract_status 0 → 1,
-- the markets desk's contract_list). What the listing gives and the futures product reads when it
-- opens the contract (at start, or while running: futures/contracts.ts):
-- - `contract_max_leverage`: the highest leverage of its first bracket; its brackets are the
--   default ones of its base currency capped at it (futures/pairs.ts). Null: the default brackets
--   as given (the seeded contracts);
-- - `contract_makers`: whether the futures market makers quote it (the seeded contracts: yes).
alter table pair add column contract_max_leverage smallint check (contract_max_leverage is null or contract_max_leverage between 1 and 125);
alter table pair add column contract_makers boolean not null default true;
