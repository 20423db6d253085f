-- ICO subscription (issue 16): projects an operator creates, subscriptions paid in USDT from the
-- `ico` wallet account, settlement exactly once, release and thaw. See docs/API.md "ICO subscription".

-- A project. Its token is a row of `currency` (made by the product when the project is created).
-- settled_ms is null until the one settlement; the settlement's update is guarded by it.
create table ico_project (
  id bigserial primary key,
  symbol text not null unique references currency (symbol),
  name text not null,
  description jsonb not null default '{}',
  total numeric(36, 18) not null check (total > 0),
  price numeric(36, 18) not null check (price > 0),
  token_places smallint not null check (token_places between 0 and 8),
  start_ms bigint not null,
  end_ms bigint not null,
  min_quantity numeric(36, 18) not null check (min_quantity > 0),
  max_quantity numeric(36, 18) not null,
  release_rate numeric(6, 4) not null check (release_rate > 0 and release_rate <= 1),
  release_period_ms bigint not null check (release_period_ms >= 1000),
  listed boolean not null default false,
  subscribed numeric(36, 18) not null default 0 check (subscribed >= 0),
  participants int not null default 0,
  winning_rate numeric(36, 18),
  settled_ms bigint,
  created_ms bigint not null,
  check (end_ms > start_ms),
  check (max_quantity >= min_quantity),
  check ((settled_ms is null) = (winning_rate is null))
);
create index ico_project_due on ico_project (end_ms) where settled_ms is null;

-- One row per user and project: everything the user subscribed (quantity, USDT paid), and after the
-- settlement the winning quantity and refund (allocated × price + refund = paid), then the thaws.
create table ico_subscription (
  project_id bigint not null references ico_project (id),
  user_id bigint not null references app_user (id),
  quantity numeric(36, 18) not null check (quantity > 0),
  paid numeric(36, 18) not null check (paid > 0),
  allocated numeric(36, 18),
  refund numeric(36, 18),
  thawed numeric(36, 18) not null default 0 check (thawed >= 0),
  first_ms bigint not null,
  primary key (project_id, user_id),
  check ((allocated is null) = (refund is null)),
  check (allocated is null or thawed <= allocated)
);
create index ico_subscription_user on ico_subscription (user_id, project_id);

-- Every movement a user sees: subscribe, add (more), allocation, refund, thaw.
create table ico_record (
  id bigserial primary key,
  project_id bigint not null references ico_project (id),
  user_id bigint not null references app_user (id),
  kind text not null check (kind in ('subscribe', 'add', 'allocation', 'refund', 'thaw')),
  quantity numeric(36, 18) not null default 0,
  amount numeric(36, 18) not null default 0,
  created_ms bigint not null
);
create index ico_record_user on ico_record (user_id, id desc);
