-- Issue 54 §2: a product's listing of a pair is its own row, not a column of the kernel's `pair`
-- row that other products read. `pair_listing(product, base, quote, status)`: product is the
-- listing product's id ('spot', 'futures', …; checked only as a non-empty lowercase name, so a new
-- product lists pairs with no kernel migration), base and quote the pair's symbols, status 1 listed
-- / 0 not (no row reads as 0: kernel/platform/pairListing.ts). The public API keeps
-- `trade_status` (spot's row) and `contract_status` (futures'), computed from these rows.
create table pair_listing (
  product text not null check (product <> '' and product = lower(product)),
  base text not null,
  quote text not null,
  status smallint not null check (status in (0, 1)),
  primary key (product, base, quote),
  foreign key (base, quote) references pair (left_symbol, right_symbol)
);

-- (The primary key, product first, serves both reads: one pair's listing, one product's pairs.)

-- Every pair's two statuses, exactly as they were (0 rows included).
insert into pair_listing (product, base, quote, status) select 'spot', left_symbol, right_symbol, trade_status from pair;
insert into pair_listing (product, base, quote, status) select 'futures', left_symbol, right_symbol, contract_status from pair;

alter table pair drop column trade_status;
alter table pair drop column contract_status;
