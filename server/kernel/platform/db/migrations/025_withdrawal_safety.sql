-- Withdrawal safety (issue 35), see server/kernel/platform/auth/withdrawalLock.ts.
-- Withdrawals are refused until this time (epoch ms; 0 = not locked): set for 24 h after a change
-- of login or funds password, email or phone (and of 2FA), never shortened by a later lock.
alter table app_user add column withdrawals_locked_until_ms bigint not null default 0;
alter table app_user add column withdrawals_lock_reason text not null default '';
-- Allowlist mode: withdrawals only to the user's saved addresses (withdrawal_address), each usable
-- once it has been saved for the allowlist delay.
alter table app_user add column withdrawal_allowlist boolean not null default false;
