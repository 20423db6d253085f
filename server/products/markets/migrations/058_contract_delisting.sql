-- Issue 52 §1: a perpetual contract's delisting, as stored steps in the pair row (as a spot
-- market's, migrations 048 and 049), so a restart or a takeover carries on where it stopped:
-- - `contract_delist_at`, `contract_delist_reason`: announced by a risk operator (markets/contractDelisting.ts);
-- - `contract_delist_halted_at`: when the duties halted the contract at the announced time
--   (`contract_halted_reason` set to the reason: opening orders refused wherever futures runs);
-- - `contract_delisted_at`: when the futures process that owns the contract's book cancelled its
--   orders and plans and closed every position at the mark (futures/delisting.ts), in the same
--   transaction that set `contract_status` to 0 — the lists leave it out from then on; the rows of
--   its orders, trades and positions stay for the histories.
alter table pair add column contract_delist_at timestamptz;
alter table pair add column contract_delist_reason text;
alter table pair add column contract_delist_halted_at timestamptz;
alter table pair add column contract_delisted_at timestamptz;
