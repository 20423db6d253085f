-- Issue 38: the fencing token of each scale-out lease entry (kernel/cluster/shards/standby.ts, fence.ts).
-- A process that takes an entry's lease raises its epoch; every write transaction of that process
-- first holds its entry's row FOR SHARE at the epoch it took, so a holder that lost its lease
-- without knowing it (cut off from the database, then back) is refused instead of writing beside
-- the new holder.
create table if not exists process_lease (
  entry text primary key,
  epoch bigint not null,
  taken_at timestamptz not null default now()
);

-- The fence itself, one call a write transaction, sent with its BEGIN in the same round trip
-- (fence.ts): holds the row FOR SHARE at the holder's epoch, or refuses with SQLSTATE OXL01.
create or replace function process_lease_fence(held_entry text, held_epoch bigint) returns void
language plpgsql as $$
begin
  perform 1 from process_lease where entry = held_entry and epoch = held_epoch for share;
  if not found then
    raise exception 'the lease on % has passed to another process', held_entry using errcode = 'OXL01';
  end if;
end
$$;
