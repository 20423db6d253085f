-- Issue 38: uploaded images (avatars, identity photos, P2P payment proofs) in the database instead
-- of under one process's DATA_DIR/uploads, so that any node of a cluster serves what another took.
-- Files an older install wrote there are still read from the disk (server/kernel/platform/images.ts).
create table if not exists stored_image (
  name text primary key,
  folder text not null,
  mime text not null,
  bytes bytea not null,
  created_at timestamptz not null default now()
);
