-- The notices a user may also have emailed (domain/informHelp.ts EMAILED_TRADING_KINDS: the risk to a
-- futures position, a price alert reached): `trading_emails` is their switch (on by default, as a
-- margin call is what a trader must not miss), `lang` the language of their last sign-in (or of the
-- page where they last saved the switch: products/accounts/sessions), which such an email is
-- written in, since nobody's request is at hand when a mark price or a sweep sends it.
alter table app_user add column lang text, add column trading_emails boolean not null default true;
