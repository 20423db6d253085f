-- Verification codes: random, single-use, expiring; only a hash is stored.
create table verification_code (
  id bigserial primary key,
  target text not null,
  purpose text not null check (purpose in ('register', 'reset', 'change_login_pwd', 'change_funds_pwd', 'change_email', 'change_phone')),
  code_hash text not null,
  attempts int not null default 0,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  consumed_at timestamptz
);
create index verification_code_target on verification_code (target, purpose, id desc);

-- Failed logins per account, for the temporary lockout after repeated wrong passwords.
create table login_failure (
  account text primary key,
  failures int not null default 0,
  locked_until timestamptz,
  updated_at timestamptz not null default now()
);

