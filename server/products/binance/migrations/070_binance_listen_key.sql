-- The Binance dialect's listenKeys (server/products/binance/streams/listenKeys.ts), kept in the
-- database rather than in the process that made them: in the scale-out mode a bot's POST, its
-- keepalive PUT, its DELETE and its /ws/<listenKey> connection may each reach another node.
-- One key a user while it lives (Binance answers the same key again); a key is 60 letters and digits.
create table binance_listen_key (
  listen_key text primary key,
  user_id bigint not null unique references app_user (id) on delete cascade,
  expires_at timestamptz not null
);
-- The sweep's cleanup of keys long expired.
create index binance_listen_key_expires on binance_listen_key (expires_at);
