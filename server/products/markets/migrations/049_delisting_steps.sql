-- Issue 52 §1 review: a delisting runs as two stored steps instead of one step with a timer inside.
-- `delist_halted_at` is when the delisting's first step halted the market (trade_status 0); its
-- cancels run once every process has seen the halt (a settle time after this moment), by whichever
-- pass of the duties' loop comes first, on this server or after a restart or a takeover.
alter table pair add column delist_halted_at timestamptz;
