-- P2P fiat buy and sell with escrow (issue 15). See docs/API.md "P2P fiat".
-- Crypto trades from and into the `legal` wallet account; the fiat leg is a bank transfer between
-- the parties that the platform never touches.

-- An ad. A sell ad's `remaining` is frozen in the advertiser's legal account while it is online;
-- pausing or closing returns it to available (orders keep what they hold).
create table fiat_ad (
  id bigserial primary key,
  user_id bigint not null references app_user (id),
  side text not null check (side in ('buy', 'sell')),
  crypto text not null references currency (symbol),
  fiat text not null,
  price_kind text not null check (price_kind in ('fixed', 'margin')),
  fixed_price numeric(36, 18) check (fixed_price is null or fixed_price > 0),
  margin numeric(8, 2) check (margin is null or margin between -50 and 50),
  total numeric(36, 18) not null check (total > 0),
  remaining numeric(36, 18) not null check (remaining >= 0 and remaining <= total),
  min_amount numeric(36, 18) not null check (min_amount > 0),
  max_amount numeric(36, 18) not null check (max_amount >= min_amount),
  method_ids bigint[] not null default '{}',
  terms text not null default '',
  status text not null default 'online' check (status in ('online', 'paused', 'closed')),
  created_ms bigint not null,
  check ((price_kind = 'fixed') = (fixed_price is not null)),
  check ((price_kind = 'margin') = (margin is not null))
);
create index fiat_ad_list on fiat_ad (side, crypto, fiat) where status = 'online';
create index fiat_ad_user on fiat_ad (user_id, id desc);

-- An order: its quantity is held in escrow (frozen in the seller's legal account) from creation
-- until release (to the buyer) or cancellation (back to the seller or the ad). Every transition is
-- an update guarded by the status it leaves (src/domain/fiat.ts FIAT_TRANSITIONS).
create table fiat_order (
  id bigserial primary key,
  order_no text not null unique,
  ad_id bigint not null references fiat_ad (id),
  buyer_id bigint not null references app_user (id),
  seller_id bigint not null references app_user (id),
  taker_id bigint not null references app_user (id),
  crypto text not null references currency (symbol),
  fiat text not null,
  price numeric(36, 18) not null check (price > 0),
  quantity numeric(36, 18) not null check (quantity > 0),
  amount numeric(36, 18) not null check (amount > 0),
  value_usdt numeric(36, 18) not null,
  -- The seller's collection method, copied so that a later edit or deletion cannot change what was agreed.
  method jsonb,
  status text not null default 'unpaid' check (status in ('unpaid', 'paid', 'appeal', 'completed', 'cancelled')),
  created_ms bigint not null,
  pay_deadline_ms bigint not null,
  paid_ms bigint,
  confirm_deadline_ms bigint,
  finished_ms bigint,
  graced boolean not null default false,
  cancel_reason text check (cancel_reason in ('buyer', 'expired', 'operator')),
  appeal_by text check (appeal_by in ('buyer', 'seller')),
  appeal_reason text,
  appeal_ms bigint,
  resolution text,
  resolved_by bigint references app_user (id),
  check (buyer_id <> seller_id)
);
create index fiat_order_due on fiat_order (pay_deadline_ms) where status = 'unpaid';
create index fiat_order_buyer on fiat_order (buyer_id, id desc);
create index fiat_order_seller on fiat_order (seller_id, id desc);
create index fiat_order_appeal on fiat_order (appeal_ms) where status = 'appeal';

-- The order's chat: text, or an image of the payment proof (stored like identity photos).
create table fiat_message (
  id bigserial primary key,
  order_id bigint not null references fiat_order (id),
  sender_id bigint not null references app_user (id),
  sender text not null check (sender in ('buyer', 'seller', 'operator')),
  body text not null default '',
  image text,
  created_ms bigint not null
);
create index fiat_message_order on fiat_message (order_id, id);

-- Every step of an order, for the timeline the operator reads in an appeal.
create table fiat_event (
  id bigserial primary key,
  order_id bigint not null references fiat_order (id),
  event text not null,
  at_ms bigint not null
);
create index fiat_event_order on fiat_event (order_id, id);
