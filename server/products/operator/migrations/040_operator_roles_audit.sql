-- Issue 51 §1 and §2: operators with roles, and the append-only operator audit log
-- (kernel/platform/auth/operators/: roles.ts, access.ts, auditLog.ts; docs/OPERATOR.md).

-- Each operator's roles and standing, beside its app_user row (kind 'operator'). The roles are the
-- six of kernel/platform/auth/operators/roles.ts; the auth hook reads this row on every operator call, so a
-- role change or a disable applies to the next call. `from_environment`: the operator
-- OPERATOR_ACCOUNT names, which every start makes enabled with every role again (so no route may
-- change it: the change would be undone silently at the next start).
create table operator_account (
  user_id bigint primary key references app_user (id) on delete cascade,
  roles text[] not null check (roles <@ array['admin', 'compliance', 'finance', 'risk', 'support', 'auditor']::text[]),
  disabled_at timestamptz,
  from_environment boolean not null default false,
  created_by bigint references app_user (id),
  created_at timestamptz not null default now()
);

-- Operators made before roles existed could do everything; they keep that until an admin says
-- otherwise (the environment's operator is made so again at every start anyway).
insert into operator_account (user_id, roles)
select id, array['admin', 'compliance', 'finance', 'risk', 'support', 'auditor']::text[] from app_user where kind = 'operator'
on conflict (user_id) do nothing;

-- The log. One row per operator action (and per sign-in attempt and permission refusal), written in
-- the action's own transaction by writeOperatorAudit. No foreign key on operator_id: the log must
-- outlive whatever it names, and a cascade would be an edit. operator_id is null for a sign-in
-- attempt that named no operator (operator_account then says what was typed).
-- `id` is not a sequence: the chain trigger below gives 1, 2, 3… under its lock, so a missing row is
-- a gap in the ids as well as a break in the hashes (a sequence would leave gaps on rollbacks).
create table operator_audit_log (
  id bigint primary key,
  operator_id bigint,
  operator_account text not null default '',
  roles text[] not null default '{}',
  at timestamptz not null default now(),
  client text not null default '',
  kind text not null,
  object_type text not null default '',
  object_id text not null default '',
  before jsonb,
  after jsonb,
  outcome text not null check (outcome in ('done', 'refused')),
  detail text not null default '',
  prev_hash text not null,
  hash text not null
);
create index operator_audit_log_operator on operator_audit_log (operator_id, id);
create index operator_audit_log_object on operator_audit_log (object_type, object_id, id);
create index operator_audit_log_kind on operator_audit_log (kind, id);
create index operator_audit_log_at on operator_audit_log (at);

-- A row's hash: sha256 over the previous row's hash and the row's content as jsonb text (jsonb's
-- text form is canonical: keys sorted, one spelling per value; the time as epoch microseconds, so
-- the session's time zone cannot change it). The audit (auditLog.ts) recomputes it for every row.
create or replace function operator_audit_hash(r operator_audit_log) returns text
language sql stable as $$
  select encode(sha256(convert_to(r.prev_hash || jsonb_build_object(
    'id', r.id, 'operator_id', r.operator_id, 'operator_account', r.operator_account, 'roles', to_jsonb(r.roles),
    'at', (extract(epoch from r.at) * 1000000)::bigint, 'client', r.client, 'kind', r.kind,
    'object_type', r.object_type, 'object_id', r.object_id, 'before', r.before, 'after', r.after,
    'outcome', r.outcome, 'detail', r.detail)::text, 'UTF8')), 'hex')
$$;

-- Every insert is chained here, whoever writes it: under a transaction-scoped advisory lock (one per
-- schema, so test schemas sharing a PostgreSQL do not wait on each other), the row takes the next id
-- and the last row's hash. The lock is held to the commit, so the next writer sees this row; write
-- the audit row last in a transaction (after its other locks), so no deadlock can form around it.
create or replace function operator_audit_log_chain() returns trigger
language plpgsql as $$
declare
  last_row operator_audit_log%rowtype;
begin
  perform pg_advisory_xact_lock(7241051, hashtext(current_schema()));
  select * into last_row from operator_audit_log order by id desc limit 1;
  new.id := coalesce(last_row.id, 0) + 1;
  new.prev_hash := coalesce(last_row.hash, '');
  new.hash := operator_audit_hash(new);
  return new;
end
$$;
create trigger operator_audit_log_chain before insert on operator_audit_log for each row execute function operator_audit_log_chain();

-- Append-only: the database refuses any update, delete or truncate (SQLSTATE OXA01).
create or replace function operator_audit_log_refuse() returns trigger
language plpgsql as $$
begin
  raise exception 'operator_audit_log is append-only' using errcode = 'OXA01';
end
$$;
create trigger operator_audit_log_append_only before update or delete on operator_audit_log for each row execute function operator_audit_log_refuse();
create trigger operator_audit_log_no_truncate before truncate on operator_audit_log for each statement execute function operator_audit_log_refuse();
