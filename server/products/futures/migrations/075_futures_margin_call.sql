-- The margin calls in force (server/products/futures/marginCalls.ts): a position (isolated: its
-- contract as the scope) or a cross account ('cross') whose margin ratio reached 80 % and whose
-- owner was told, written in the same transaction as the notice. The row goes when the ratio falls
-- back below 70 % or the position closes, so the next crossing calls again. Kept across restarts
-- and holders, so a restart does not call the same trader twice.
create table futures_margin_call (
  user_id bigint not null references app_user (id),
  scope text not null,
  ratio numeric(36, 18),
  called_ms bigint not null,
  primary key (user_id, scope)
);
