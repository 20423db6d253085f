-- Price alerts on USDT-M contracts too (domain/alerts.ts ALERT_MARKETS): an alert follows the spot
-- pair's trades or the contract's. The sweep's index gains the market first.
alter table price_alert add column market text not null default 'spot' check (market in ('spot', 'futures'));
drop index price_alert_active;
create index price_alert_active on price_alert (market, left_symbol, right_symbol, condition, price) where status = 'active';
