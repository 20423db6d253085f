-- Convert (server/products/convert): a quote a user was given, and, once accepted, the spot order
-- that carried it and what it did. Quotes are rows so that any process of a cluster can accept one
-- another gave; an accept writes its result once (`order_id is null` guards the update), and each
-- new quote deletes its user's stale unaccepted ones (convert_quote_stale), so quoting never piles rows up.
-- A user's history reads their accepted quotes newest first (convert_quote_done).
create table convert_quote (
  id bigserial primary key,
  user_id bigint not null references app_user (id),
  from_currency text not null,
  to_currency text not null,
  left_symbol text not null,
  right_symbol text not null,
  side text not null check (side in ('buy', 'sell')),
  price numeric(36, 18) not null check (price > 0),
  quantity numeric(36, 18) not null check (quantity > 0),
  created_ms bigint not null,
  expires_ms bigint not null,
  order_id bigint,
  status text check (status in ('converted', 'moved')),
  paid numeric(36, 18),
  received numeric(36, 18),
  fee numeric(36, 18),
  accepted_ms bigint,
  check ((order_id is null) = (status is null))
);
create index convert_quote_stale on convert_quote (user_id, expires_ms) where order_id is null;
create index convert_quote_done on convert_quote (user_id, id desc) where order_id is not null;
