-- Issue 52 §1, a currency listed at runtime: its precision, the decimal places its amounts are
-- counted in (deposit and withdrawal minimums and fees, what a pair on it may trade). The seeded
-- currencies keep 8, the places every amount has had (domain/walletValidation.ts).
alter table currency add column amount_places smallint not null default 8 check (amount_places between 0 and 8);
