-- Operators review identity submissions; they are app_user rows of their own kind, so sessions and
-- password hashing are shared, while userForToken (kind = 'user') keeps them off user endpoints.
alter table app_user drop constraint if exists app_user_kind_check;
alter table app_user add constraint app_user_kind_check check (kind in ('user', 'market_maker', 'system', 'operator'));

-- Identity submissions (spec §2 /user/identity, §4 name_status). Status mirrors name_status:
-- 2 pending review, 3 verified, 4 audit failed (with a reason). Photos are stored under
-- DATA_DIR/uploads/identity with generated names; only those names are kept here.
create table kyc_submission (
  id bigserial primary key,
  user_id bigint not null references app_user (id) on delete cascade,
  real_name text not null,
  id_number text not null,
  front_photo text not null,
  back_photo text not null,
  status smallint not null default 2 check (status between 2 and 4),
  reason text not null default '',
  reviewer_id bigint references app_user (id),
  created_at timestamptz not null default now(),
  reviewed_at timestamptz
);
create index kyc_submission_user on kyc_submission (user_id, id desc);
create index kyc_submission_pending on kyc_submission (id) where status = 2;
-- At most one submission awaiting review per user, even under concurrent submits.
create unique index kyc_submission_one_pending on kyc_submission (user_id) where status = 2;
