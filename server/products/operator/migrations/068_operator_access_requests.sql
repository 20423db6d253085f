-- Access is given by two admins (docs/OPERATOR.md "Two admins give access"): an admin's change that
-- gives access (a new operator, a role added, an operator enabled again) waits here until another
-- admin approves it; the environment's operator (the deployment's owner) gives it alone. Taking
-- access away needs no second admin. `roles`: the operator's whole set once approved (create,
-- set_roles). `password_hash`: a new operator's first password, hashed when asked, moved to its
-- app_user row at approval and cleared here. A row is never deleted: the queue is its own history.
create table operator_access_request (
  id bigserial primary key,
  kind text not null check (kind in ('operator.create', 'operator.set_roles', 'operator.enable')),
  operator_id bigint references app_user (id) on delete cascade,
  account text not null,
  roles text[] not null default '{}' check (roles <@ array['admin', 'compliance', 'finance', 'risk', 'support', 'auditor']::text[]),
  password_hash text,
  requested_by bigint not null references app_user (id),
  requested_at timestamptz not null default now(),
  state text not null default 'pending' check (state in ('pending', 'approved', 'rejected')),
  decided_by bigint references app_user (id),
  decided_at timestamptz,
  check ((kind = 'operator.create') = (operator_id is null))
);
create index operator_access_request_pending on operator_access_request (requested_at) where state = 'pending';
-- One pending request per operator and per new account name: a second would race the first.
create unique index operator_access_request_one_per_operator on operator_access_request (operator_id) where state = 'pending' and operator_id is not null;
create unique index operator_access_request_one_per_account on operator_access_request (account) where state = 'pending' and kind = 'operator.create';

-- A password an admin chose is the admin's as much as the operator's: the operator replaces it at
-- the first sign-in (with the 2FA enrolment), so nobody who made the account can sign in as it.
alter table operator_account add column password_change_required boolean not null default false;
