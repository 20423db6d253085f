-- One withdrawal address per user, currency, network and address (the address book's
-- addressAlreadySaved): the address book checked for a copy in its insert, and two saves at the same
-- moment both passed the check. The unique index holds the rule, and the insert relies on it
-- (on conflict do nothing). Copies saved before are removed first, keeping the oldest of each (the
-- earliest created_at, then the lowest id): allowlist mode counts its wait from the oldest copy, so
-- no address becomes usable later than it was. Nothing refers to a saved address by its id (no
-- foreign key; withdrawals and the owner's notices carry the address itself), so no other row changes.
delete from withdrawal_address copy
  using withdrawal_address kept
  where kept.user_id = copy.user_id
    and kept.currency = copy.currency
    and kept.network = copy.network
    and kept.address = copy.address
    and (kept.created_at, kept.id) < (copy.created_at, copy.id);
create unique index withdrawal_address_once on withdrawal_address (user_id, currency, network, address);
