-- Issue 51 §1: two-factor authentication is mandatory for operators (server/products/operator/signIn.ts,
-- docs/OPERATOR.md "Signing in: password and 2FA"). The secret, the used step, the wrong-code budget
-- and the recovery codes are the users' rows (user_two_factor, two_factor_recovery: operators are
-- app_user rows of kind 'operator'); this table holds what a right password earns an operator: a
-- short-lived ticket for the second step ('second_step', 2FA on) or for the enrolment ('enrol', 2FA
-- not yet on: its secret waits unconfirmed in user_two_factor). Only the ticket's hash is stored,
-- and it works only from the address that obtained it. Apart from the users' two_factor_challenge,
-- so neither sign-in can take the other's ticket.
create table operator_sign_in_ticket (
  token_hash text primary key,
  user_id bigint not null references app_user (id) on delete cascade,
  purpose text not null check (purpose in ('second_step', 'enrol')),
  expires_ms bigint not null,
  ip text not null default '',
  created_at timestamptz not null default now()
);
create index operator_sign_in_ticket_user on operator_sign_in_ticket (user_id);
