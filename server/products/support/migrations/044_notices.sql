-- Issue 51 §5: announcements written by operators in the console (server/products/support/noticesDesk/).
-- Each language's title and body in jsonb ({"en_US": "...", "ja_JP": "..."}), as ICO descriptions
-- (migration 029): the default language's text is always there, every other falls back to it.
-- Only published notices reach the public list; `published_ms` orders it (newest first).
-- The five platform notes keep their rows in plat_note (migration 001), one per type and language.
create table notice (
  id bigserial primary key,
  titles jsonb not null default '{}'::jsonb,
  bodies jsonb not null default '{}'::jsonb,
  published boolean not null default false,
  published_ms bigint,
  created_ms bigint not null,
  updated_ms bigint not null,
  check (not published or published_ms is not null)
);
create index notice_published on notice (published_ms desc, id desc) where published;
