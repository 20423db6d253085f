-- The notices a user may also have emailed (domain/informHelp.ts EMAILED_TRADING_KINDS: the risk to a
-- futures position, a price alert reached): `trading_emails` is their switch (on by default, as a
-- margin call is what a trader must not miss), `lang` the language they last used the site in
-- (the `lang` header of their signed-in requests: kernel/platform/auth/userLanguage.ts), which
-- such an email is written in, since nobody's request is at hand when a mark price or a sweep sends it.
alter table app_user add column lang text, add column trading_emails boolean not null default true;
