-- Issue 52 §1, a currency's deposit side as a risk operator lists it:
-- - a deposit fee per network (0 on the seeded ones): a deposit credits its quantity less the fee,
--   which goes to the fee account in the same transaction (the ledger shows both moves);
-- - a deposit below the network's minimum, or one arriving for a delisted currency, is not
--   credited and not lost either: it is kept as status 4 "held" with the reason, shown in the
--   user's deposit history, for support to return or credit by hand.
alter table currency_network add column deposit_fee numeric(36, 18) not null default 0 check (deposit_fee >= 0);
alter table deposit add column fee numeric(36, 18) not null default 0 check (fee >= 0);
alter table deposit add column held_reason text check (held_reason is null or held_reason in ('below_minimum', 'delisted'));
alter table deposit drop constraint deposit_status_check;
alter table deposit add constraint deposit_status_check check (status between 1 and 4 and (status = 4) = (held_reason is not null));
