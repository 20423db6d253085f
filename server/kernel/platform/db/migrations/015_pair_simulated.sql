-- Pairs opened while the server runs (issue 16: an ICO project's token listed at its settlement).
-- `simulated`: the demo's market makers quote the pair and its empty chart is seeded with history
-- (every pair of the seed). A listed ICO token's pair is a real market: false, it trades only what
-- users bring, with no made-up history.
alter table pair add column simulated boolean not null default true;
