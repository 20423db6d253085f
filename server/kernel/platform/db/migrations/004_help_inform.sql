-- Notifications (spec §2 /inform). Only the kind and its parameters are stored: the text is
-- rendered in the reader's language when it is read, so a language change applies to old ones too.
create table notification (
  id bigserial primary key,
  user_id bigint not null references app_user (id) on delete cascade,
  kind text not null,
  params jsonb not null default '{}',
  created_at timestamptz not null default now(),
  read_at timestamptz
);
create index notification_user on notification (user_id, id desc);

-- Devices a user has signed in from: a hash of user-agent + IP, so a new pair can be reported
-- without keeping the raw values.
create table login_device (
  user_id bigint not null references app_user (id) on delete cascade,
  device_hash text not null,
  first_seen timestamptz not null default now(),
  last_seen timestamptz not null default now(),
  primary key (user_id, device_hash)
);

-- Help centre articles (spec §2 /user/helpcenter), one row per article and language.
create table help_article (
  id text not null,
  lang text not null,
  category text not null,
  common boolean not null default false,
  sort int not null default 0,
  question text not null,
  answer text not null,
  primary key (id, lang)
);
create index help_article_lang on help_article (lang, common desc, sort);
