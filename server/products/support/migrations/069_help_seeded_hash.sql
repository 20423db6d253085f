-- The help centre's seed (server/products/support/seed/help.ts) inserted an article only when it
-- was missing, so a database kept an article's old text after the seed's was rewritten (the P2P
-- articles of 2026-11-30). The seed now writes each article's hash of what it wrote; at the next
-- start it rewrites a row that still holds that text and leaves one an operator has edited.
-- Rows seeded before this column have none (null): the seed knows them by the hashes of every
-- earlier seeded text (seed/helpSeededBefore069.json).
alter table help_article add column seeded_hash text;
