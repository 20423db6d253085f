-- Submissions already carried out, so a repeat has one effect (spec §9's 2000 ms anti-double-submit
-- rule, held on the server too). Written in the same transaction as the effect, with its answer.
-- Keys from the Idempotency-Key header are kept for a day; keys derived from a body without that
-- header ("body:" prefix) count only within the 2000 ms window.
create table idempotency_key (
  user_id bigint not null references app_user (id),
  key text not null,
  scope text not null,
  response jsonb,
  created_ms bigint not null,
  primary key (user_id, key)
);
create index idempotency_key_age on idempotency_key (created_ms);
