-- The Binance dialect's listenKeys (server/products/binance/streams/listenKeys.ts), kept in the
-- database rather than in the process that made them: in the scale-out mode a bot's POST, its
-- keepalive PUT, its DELETE and its /ws/<listenKey> connection may each reach another node.
-- One key a user and market while it lives (Binance answers the same key again; spot's and USDⓈ-M
-- futures' streams have keys of their own); a key is 60 letters and digits.
create table binance_listen_key (
  listen_key text primary key,
  user_id bigint not null references app_user (id) on delete cascade,
  market text not null check (market in ('spot', 'futures')),
  expires_at timestamptz not null,
  unique (user_id, market)
);
-- The sweep's cleanup of keys long expired.
create index binance_listen_key_expires on binance_listen_key (expires_at);
