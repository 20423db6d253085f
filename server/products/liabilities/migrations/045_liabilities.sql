-- Issue 52 §4: proof of liabilities (server/products/liabilities/, domain/liabilities.ts,
-- docs/LIABILITIES.md). One row per published snapshot; the nodes of its Merkle sum tree (level 0
-- the leaves, the highest level the root), so a user's path is one indexed read; and each user's
-- leaf (position and salt) per snapshot. The salt is the user's only: it is what makes a leaf
-- unreadable to anyone else. Snapshots are written in one transaction (the audit row of an
-- operator's build is its last statement); only the last few keep their nodes and leaves.
create table liability_snapshot (
  id bigserial primary key,
  built_ms bigint not null,
  source text not null check (source in ('daily', 'operator')),
  operator_id bigint,
  root_hash text not null,
  currencies text[] not null,
  totals jsonb not null,
  leaf_count integer not null check (leaf_count >= 0)
);
create index liability_snapshot_built on liability_snapshot (built_ms desc, id desc);

create table liability_node (
  snapshot_id bigint not null references liability_snapshot (id) on delete cascade,
  level smallint not null,
  pos integer not null,
  hash text not null,
  sums jsonb not null,
  primary key (snapshot_id, level, pos)
);

create table liability_leaf (
  snapshot_id bigint not null references liability_snapshot (id) on delete cascade,
  user_id bigint not null references app_user (id),
  pos integer not null,
  salt text not null,
  primary key (snapshot_id, user_id),
  unique (snapshot_id, pos)
);
