-- Issue 54 §2: the wallet's account kinds are rows a product adds, not a check that names every
-- product's account. The kinds that existed are listed once here; a product that brings an account
-- of its own inserts its kind in a migration of its own folder
-- (`insert into wallet_account_kind (kind) values ('earn');`) and declares it on its product
-- (`ledger.kinds`, `walletAccounts`), so no shared file changes.
create table wallet_account_kind (
  kind text primary key check (kind ~ '^[a-z_]{1,32}$')
);
insert into wallet_account_kind (kind) values ('spot'), ('contract'), ('sec_contract'), ('legal'), ('ico');

alter table balance drop constraint balance_account_check;
alter table balance add constraint balance_account_kind foreign key (account) references wallet_account_kind (kind);
alter table balance_correction drop constraint balance_correction_account_check;
alter table balance_correction add constraint balance_correction_account_kind foreign key (account) references wallet_account_kind (kind);
