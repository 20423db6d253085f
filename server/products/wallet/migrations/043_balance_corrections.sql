-- Issue 51 §4: balance corrections with four eyes (server/products/wallet/corrections/,
-- docs/OPERATOR.md "Balance corrections").

-- A correction of one user's account, proposed by one finance operator and decided by another. The
-- stored states are proposed → executed | rejected | withdrawn; "expired" is read, not stored: a
-- proposal whose expires_ms has passed is shown as expired and its approval is refused, so no timer
-- has to run. Approval is one guarded update (where state = 'proposed' and expires_ms > now) in the
-- transaction of the posting and the audit row, so concurrent approvals execute it once.
-- proposed_by / decided_by name operators without a foreign key, as the audit log does.
create table balance_correction (
  id bigserial primary key,
  user_id bigint not null references app_user (id),
  currency text not null references currency (symbol),
  account text not null check (account in ('spot', 'contract', 'sec_contract', 'legal', 'ico')),
  direction text not null check (direction in ('credit', 'debit')),
  quantity numeric(36, 18) not null check (quantity > 0),
  reason text not null check (length(reason) between 1 and 200),
  reference text not null default '' check (length(reference) <= 128),
  state text not null default 'proposed' check (state in ('proposed', 'executed', 'rejected', 'withdrawn')),
  proposed_by bigint not null,
  proposed_ms bigint not null,
  expires_ms bigint not null,
  decided_by bigint,
  decided_ms bigint,
  decision_reason text,
  -- A decision is by someone, at some time; an approval never by the proposer (the service refuses
  -- it first, with an audit row; this is the database's own word on it).
  check ((state = 'proposed') = (decided_by is null and decided_ms is null)),
  check (state <> 'executed' or decided_by <> proposed_by)
);
create index balance_correction_state on balance_correction (state, id);
create index balance_correction_user on balance_correction (user_id, id);
