-- Spot trading fees (docs/API.md "Spot orders"). One schedule row: the maker and taker rates as
-- fractions of what the side receives (a buyer pays in base, a seller in quote). Market-maker
-- accounts pay nothing, decided in code from app_user.kind, so the seeded liquidity does not bleed.
create table spot_fee_schedule (
  id smallint primary key default 1 check (id = 1),
  maker numeric(12, 8) not null check (maker >= 0 and maker < 1),
  taker numeric(12, 8) not null check (taker >= 0 and taker < 1)
);
insert into spot_fee_schedule (id, maker, taker) values (1, 0.001, 0.001) on conflict do nothing;

-- What each side of a trade paid; the currency follows from the side (buyer: base, seller: quote).
alter table spot_trade add column maker_fee numeric(36, 18) not null default 0 check (maker_fee >= 0);
alter table spot_trade add column taker_fee numeric(36, 18) not null default 0 check (taker_fee >= 0);

-- The fees an order has paid so far, and in which currency.
alter table spot_order add column fee numeric(36, 18) not null default 0 check (fee >= 0);
alter table spot_order add column fee_currency text not null default '';
update spot_order set fee_currency = case when side = 'buy' then left_symbol else right_symbol end where fee_currency = '';

-- Deal details of one order (spot order detail) read trades by either side's order.
create index spot_trade_maker_order on spot_trade (maker_order_id);
create index spot_trade_taker_order on spot_trade (taker_order_id);
