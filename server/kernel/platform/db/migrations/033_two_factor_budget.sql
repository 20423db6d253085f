-- Issue 49 §3: wrong second-step codes are counted per account, across every client address and
-- every challenge (server/kernel/platform/auth/twoFactor.ts). The count is taken before the code is checked,
-- in one statement, so a burst of guesses cannot all be checked against the same old count.
-- wrong_since: when the current one-hour window began (null: no wrong code counted).
alter table user_two_factor add column wrong_codes int not null default 0;
alter table user_two_factor add column wrong_since timestamptz;
-- Set when the budget is spent: every second-step check of the account is refused until the owner
-- types the code emailed to the account (the password step stays open).
alter table user_two_factor add column locked_at timestamptz;

-- A sign-in challenge works only from the address that obtained it with the password.
alter table two_factor_challenge add column ip text not null default '';

-- Two more purposes of emailed codes: the unlock of those checks, and the proof an anti-phishing
-- code change asks for when 2FA is off (issue 49 §4).
alter table verification_code drop constraint verification_code_purpose_check;
alter table verification_code add constraint verification_code_purpose_check
  check (purpose in ('register', 'reset', 'change_login_pwd', 'change_funds_pwd', 'change_email', 'change_phone', 'unlock_2fa', 'anti_phishing'));
