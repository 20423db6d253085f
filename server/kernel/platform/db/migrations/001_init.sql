-- Platform configuration read by POST /api/plat_config: one JSON value per section.
create table platform_config (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now()
);

create table community (
  id serial primary key,
  name text not null,
  logo text not null,
  link text not null,
  sort int not null default 0
);

-- Money is NUMERIC end to end; the wire carries it as decimal strings.
create table currency (
  symbol text primary key,
  name text not null,
  price numeric(36, 18) not null check (price >= 0),
  recharge_turn smallint not null default 1 check (recharge_turn in (0, 1)),
  draw_turn smallint not null default 1 check (draw_turn in (0, 1)),
  legal_status smallint not null default 0 check (legal_status in (0, 1)),
  circulating_supply numeric(36, 8) not null default 0,
  sort int not null default 0
);

create table pair (
  left_symbol text not null references currency (symbol),
  right_symbol text not null references currency (symbol),
  is_hot smallint not null default 0 check (is_hot in (0, 1)),
  trade_status smallint not null default 1 check (trade_status in (0, 1)),
  contract_status smallint not null default 0 check (contract_status in (0, 1)),
  price_precision smallint not null default 2,
  amount_precision smallint not null default 4,
  sort int not null default 0,
  primary key (left_symbol, right_symbol)
);

-- Platform notes (user agreement, privacy policy, ...) per note type and display language.
create table plat_note (
  type smallint not null check (type between 1 and 5),
  lang text not null,
  title text not null,
  content text not null,
  primary key (type, lang)
);

-- USDT price in each pricing currency; `source` names where the figure came from.
create table fiat_rate (
  pair text primary key,
  price numeric(36, 18) not null check (price > 0),
  source text not null,
  updated_at timestamptz not null default now()
);

create table app_user (
  id bigserial primary key,
  account text not null unique,
  nickname text not null default '',
  avatar text not null default '',
  email text not null default '',
  phone text not null default '',
  area_code text not null default '',
  invitation_code text not null default '',
  name_status smallint not null default 1 check (name_status between 1 and 4),
  password_hash text not null default '',
  funds_password_hash text not null default '',
  created_at timestamptz not null default now()
);

-- Opaque session tokens are stored only as SHA-256 hashes, so a leaked table grants no session.
create table session_token (
  token_hash text primary key,
  user_id bigint not null references app_user (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index session_token_user on session_token (user_id);
