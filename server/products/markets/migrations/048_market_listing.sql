-- Issue 52 §1, markets live. A pair row now carries each of its markets' operator switches:
-- - the perpetual contract's halt (as 046 did for spot): while `contract_halted_reason` is set the
--   contract refuses new opening orders (closes and cancels go through), its makers stop, and mark,
--   funding and liquidations go on;
-- - the market makers of a pair a risk operator listed at runtime: their spread (a fraction of the
--   price) and their depth (levels a side); null: the defaults of the seeded pairs;
-- - the reference price a listed pair's makers start from (in the quote currency);
-- - a delisting: `delist_at` the time announced to traders with `delist_reason` (the halt reason
--   from that time on); `delisted_at` when it ran (open orders cancelled, funds released). A
--   delisted pair keeps its row, so histories keep their market.
alter table pair add column contract_halted_reason text check (contract_halted_reason is null or length(contract_halted_reason) between 1 and 200);
alter table pair add column contract_halted_at timestamptz;
alter table pair add column maker_spread numeric(10, 6) check (maker_spread is null or (maker_spread > 0 and maker_spread < 0.5));
alter table pair add column maker_depth smallint check (maker_depth is null or maker_depth between 1 and 50);
alter table pair add column reference_price numeric(36, 18) check (reference_price is null or reference_price > 0);
alter table pair add column delist_at timestamptz;
alter table pair add column delist_reason text check (delist_reason is null or length(delist_reason) between 1 and 200);
alter table pair add column delisted_at timestamptz;
