-- An operator session's step-up window (docs/OPERATOR.md "The step-up window"): until when the
-- approval-queue actions of this session need no new 2FA code. Set to the code's time + 5 minutes
-- by each right operator code (it does not slide), cleared by a role change; a revoked or expired
-- session has none. On the session row, so every node of a cluster sees the same window.
alter table session_token add column step_up_until timestamptz;
