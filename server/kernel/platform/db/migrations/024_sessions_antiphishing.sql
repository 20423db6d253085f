-- Sessions and devices, anti-phishing code (issue 35).
-- A session's public id (the token's hash never leaves the server), where it was opened from and
-- when it was last used (refreshed at most once a minute, when the session cache looks it up).
alter table session_token add column id bigserial;
create unique index session_token_id on session_token (id);
alter table session_token add column user_agent text not null default '';
alter table session_token add column ip text not null default '';
alter table session_token add column last_seen_at timestamptz not null default now();

-- Every sign-in attempt on an existing user account: when, from where, and how it ended.
create table login_history (
  id bigserial primary key,
  user_id bigint not null references app_user (id) on delete cascade,
  at timestamptz not null default now(),
  ip text not null,
  user_agent text not null,
  result text not null check (result in ('success', 'wrong_password', 'locked', 'second_step_failed'))
);
create index login_history_user on login_history (user_id, id desc);

-- The user's anti-phishing code: a short phrase every email from the exchange shows first ('' = none).
alter table app_user add column anti_phishing text not null default '';
