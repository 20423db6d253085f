-- The treasury desk's series that read every user's movements by kind over the range (series.ts:
-- escrow and its opening, ICO, corrections, chain: `l.kind = any($2) and l.created_at >= …`) read
-- the whole ledger without it, by far the largest table: 105–137 ms each at 1,000,000 entries,
-- 0.1–15 ms with it (bench/README.md "Reads that scanned growing tables"). Partial, over those kinds
-- only: the entries the spot pipeline and the other products write all day (order freezes, trades,
-- fees) are not in it and cost it nothing. The kinds are treasury/accounts.ts ESCROW_KINDS,
-- ICO_KINDS, CORRECTION_KINDS and CHAIN_KINDS; a kind added there without a migration that adds it
-- here makes that series scan again (tests/server/treasury/seriesIndex.test.ts).
create index ledger_entry_treasury_kind on ledger_entry (kind, created_at)
  where kind in ('fiat_escrow', 'fiat_escrow_return', 'fiat_release', 'ico_subscribe', 'ico_proceeds', 'ico_settle',
    'correction_credit', 'correction_debit', 'deposit', 'withdraw_out');
