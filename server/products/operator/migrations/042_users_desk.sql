-- Issue 51 §3: the operators' users desk (server/products/accounts/operatorDesk/, docs/OPERATOR.md
-- "The users desk").

-- A frozen user: no sign-in (the refusal shows the reason), no session, no API key, no withdrawal
-- (kernel/platform/accountFreeze/). Null frozen_at: not frozen. The reason is what the operator typed, shown
-- to the user at sign-in; frozen_by names the operator (no foreign key, as in the audit log).
alter table app_user add column frozen_at timestamptz;
alter table app_user add column frozen_reason text not null default '';
alter table app_user add column frozen_by bigint;
create index app_user_frozen on app_user (frozen_at) where frozen_at is not null;

-- Operators' notes on a user: add-only (the database refuses update, delete and truncate,
-- SQLSTATE OXA02); each note is also an audit row (users.note).
create table operator_user_note (
  id bigserial primary key,
  user_id bigint not null references app_user (id),
  operator_id bigint not null,
  operator_account text not null,
  body text not null check (length(body) between 1 and 2000),
  at timestamptz not null default now()
);
create index operator_user_note_user on operator_user_note (user_id, id);

create or replace function operator_user_note_refuse() returns trigger
language plpgsql as $$
begin
  raise exception 'operator_user_note is add-only' using errcode = 'OXA02';
end
$$;
create trigger operator_user_note_add_only before update or delete on operator_user_note for each row execute function operator_user_note_refuse();
create trigger operator_user_note_no_truncate before truncate on operator_user_note for each statement execute function operator_user_note_refuse();

-- The search's "last sign-in" filter and column read the newest success per user.
create index if not exists login_history_user_success on login_history (user_id, at) where result = 'success';
