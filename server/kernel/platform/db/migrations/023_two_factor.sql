-- Two-factor authentication (issue 35): RFC 6238 TOTP (SHA-1, 6 digits, 30 s) per user, see
-- server/kernel/platform/auth/twoFactor.ts. A row exists from the start of an enrolment (enabled = false,
-- the secret waiting for its first code) and stays after 2FA is turned off or reset (last_step
-- keeps a used code from coming back). The withdrawal lock that turning 2FA off or an operator's
-- reset sets is app_user's (migration 025, kernel/platform/auth/withdrawalLock.ts).
create table user_two_factor (
  user_id bigint primary key references app_user (id) on delete cascade,
  -- Base32 secret; '' once turned off or reset.
  secret text not null default '',
  enabled boolean not null default false,
  -- The last 30-second time step a code was accepted for: a code of this step or an earlier one is
  -- refused (no replay within its window).
  last_step bigint not null default 0,
  enabled_at timestamptz,
  updated_at timestamptz not null default now()
);

-- Ten single-use recovery codes per enrolment, stored as SHA-256 hashes (the codes are random,
-- 50 bits each, so a fast hash suffices); used_at is set when one replaces a TOTP code.
create table two_factor_recovery (
  user_id bigint not null references app_user (id) on delete cascade,
  code_hash text not null,
  used_at timestamptz,
  primary key (user_id, code_hash)
);

-- Sign-in's second step: the password was right, a code is still wanted. The token (hashed here)
-- lives 5 minutes and is used once.
create table two_factor_challenge (
  token_hash text primary key,
  user_id bigint not null references app_user (id) on delete cascade,
  expires_ms bigint not null,
  created_at timestamptz not null default now()
);
create index two_factor_challenge_user on two_factor_challenge (user_id);

-- What operators did to users' accounts (an operator's reset of a user's 2FA, …).
create table operator_audit (
  id bigserial primary key,
  operator_id bigint not null references app_user (id),
  user_id bigint not null references app_user (id) on delete cascade,
  action text not null,
  detail text not null default '',
  created_at timestamptz not null default now()
);
create index operator_audit_user on operator_audit (user_id, id);
