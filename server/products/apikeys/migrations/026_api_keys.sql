-- API keys (issue 36): a user's keys for programs (Binance-compatible REST, server/products/binance).
-- The secret is kept encrypted with the server's key (DATA_DIR/api-key-secret.key), because an HMAC
-- signature can only be checked with the secret itself; it is shown to its owner once, at creation.
create table api_key (
  id bigserial primary key,
  user_id bigint not null references app_user (id) on delete cascade,
  api_key text not null unique,
  secret_box text not null,
  label text not null,
  -- A subset of read, trade, withdraw.
  permissions text[] not null,
  -- Addresses allowed to use the key; empty: any (never for a key with withdraw).
  ip_allowlist text[] not null default '{}',
  created_ms bigint not null,
  last_used_ms bigint,
  last_used_ip text,
  -- Deleted by its owner, or revoked by a password change or reset (kernel/platform/auth/apiKeyRevocation.ts).
  revoked_ms bigint
);
create index api_key_user on api_key (user_id) where revoked_ms is null;

-- The client order id a program gave an order (Binance's newClientOrderId), so it can query and
-- cancel by it; orders placed without one answer a derived id and have no row here.
create table api_client_order (
  user_id bigint not null references app_user (id) on delete cascade,
  market text not null check (market in ('spot', 'futures')),
  client_order_id text not null,
  order_id bigint not null,
  created_ms bigint not null,
  primary key (user_id, market, client_order_id)
);
create index api_client_order_by_order on api_client_order (market, order_id);
