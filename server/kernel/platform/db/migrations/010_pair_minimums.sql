-- The smallest order a pair takes (issue 11): a minimum quantity in the base currency and a minimum
-- value (price × quantity, or a market buy's amount) in the quote currency, as exchanges publish
-- them. Existing pairs get one lot and about one US dollar of value.
alter table pair add column min_quantity numeric(36, 18) not null default 0 check (min_quantity >= 0);
alter table pair add column min_notional numeric(36, 18) not null default 0 check (min_notional >= 0);
update pair set min_quantity = power(10::numeric, -amount_precision),
                min_notional = case when right_symbol = 'BTC' then 0.00001 else 1 end;
