-- ICO project texts per language (issue 37 defect 17). ico_project.description (012) already holds
-- { <locale>: text }; the server now answers each reader one text: theirs, or the default
-- language's (en_US) marked as the fallback. So the default's text must always be there, which
-- nothing held so far: the old desk sent English only, and a cleared box saved it blank.

-- Blank texts (and anything not a string) meant "none": dropped, so such a language falls back to
-- the default's text instead of showing an empty paragraph. The rest are trimmed, as saves now do.
update ico_project p set description = coalesce(
  (select jsonb_object_agg(e.key, to_jsonb(btrim(e.value #>> '{}')))
   from jsonb_each(case when jsonb_typeof(p.description) = 'object' then p.description else '{}'::jsonb end) e
   where jsonb_typeof(e.value) = 'string' and btrim(e.value #>> '{}') <> ''),
  '{}'::jsonb);

-- A project left without an English text gets its name as that text: the one line about it the
-- operator did write, and what its card showed nothing better than.
update ico_project set description = description || jsonb_build_object('en_US', name)
where coalesce(description ->> 'en_US', '') = '';

-- From now on every write keeps the default language's text (the server refuses a blank one with
-- icoProjectInvalid "description.en_US" before it gets here). No default: an insert names it.
alter table ico_project alter column description drop default;
alter table ico_project add constraint ico_project_default_description
  check (jsonb_typeof(description) = 'object' and btrim(coalesce(description ->> 'en_US', '')) <> '');
