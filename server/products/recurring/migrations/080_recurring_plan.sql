-- Recurring buys (server/products/recurring): a user's plan to buy a spot pair's base currency for a
-- fixed amount of its quote currency each period, and each run of it. A run is claimed by a row
-- (`pending`) in the transaction that moves the plan's next_run_ms on, so two processes never run
-- one due time twice (unique plan_id, due_ms) and a process lost mid-run leaves a pending row that
-- the next sweep finishes under the same order key. Totals live on the plan, so the list never sums runs.
create table recurring_plan (
  id bigserial primary key,
  user_id bigint not null references app_user (id),
  left_symbol text not null,
  right_symbol text not null,
  amount numeric(36, 18) not null check (amount > 0),
  frequency text not null check (frequency in ('hourly', 'daily', 'weekly', 'monthly')),
  status text not null check (status in ('active', 'paused', 'cancelled')),
  -- The schedule's start: a monthly plan buys on its day of the month (domain/recurring.ts nextRunAfter).
  anchor_ms bigint not null,
  -- The next due time; kept while paused, so a resume goes on from it.
  next_run_ms bigint not null,
  created_ms bigint not null,
  ended_ms bigint,
  runs integer not null default 0,
  failures_in_a_row integer not null default 0,
  spent numeric(36, 18) not null default 0,
  bought numeric(36, 18) not null default 0
);
create index recurring_plan_due on recurring_plan (next_run_ms) where status = 'active';
create index recurring_plan_user on recurring_plan (user_id, id desc);

create table recurring_run (
  id bigserial primary key,
  plan_id bigint not null references recurring_plan (id),
  due_ms bigint not null,
  at_ms bigint not null,
  status text not null check (status in ('pending', 'bought', 'failed')),
  order_id bigint,
  spent numeric(36, 18) not null default 0,
  bought numeric(36, 18) not null default 0,
  fee numeric(36, 18) not null default 0,
  -- A failed run's reason as a message key and its values: read in the reader's language.
  reason_key text,
  reason_vars jsonb,
  unique (plan_id, due_ms)
);
create index recurring_run_plan on recurring_run (plan_id, id desc);
create index recurring_run_pending on recurring_run (at_ms) where status = 'pending';
