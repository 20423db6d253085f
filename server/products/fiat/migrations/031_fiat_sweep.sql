-- Issue 38: when P2P's deadline sweep last ran, so that the next process to run P2P can tell a
-- takeover of seconds (deadlines hold: what fell due meanwhile is expired) from an outage, after
-- which a buyer whose deadline passed while nothing ran gets a grace period (server/products/fiat/orders.ts).
create table if not exists fiat_sweep (
  one boolean primary key default true check (one),
  swept_ms bigint not null
);
