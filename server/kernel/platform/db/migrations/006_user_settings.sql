-- User centre (spec §2 /user/c-symAddr, /user/c-collAddr): per-user withdrawal addresses and
-- collection methods. Rows always belong to one user; every query filters by user_id so one
-- user can never read or change another's.
create table withdrawal_address (
  id bigserial primary key,
  user_id bigint not null references app_user (id) on delete cascade,
  currency text not null,
  network text not null,
  address text not null,
  note text not null,
  created_at timestamptz not null default now()
);
create index withdrawal_address_user on withdrawal_address (user_id, id);

create table collection_method (
  id bigserial primary key,
  user_id bigint not null references app_user (id) on delete cascade,
  real_name text not null,
  card_number text not null,
  bank_name text not null,
  currency text not null default '',
  branch text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index collection_method_user on collection_method (user_id, id);
