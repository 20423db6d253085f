import type { LocaleCode } from '../../../src/domain/languages.js';
import { DEFAULT_LANGUAGE } from '../../../src/domain/languages.js';
import type { Community, NoteType, PlatConfig, PlatNote } from '../../../src/domain/api.js';
import type { Queryable } from '../../kernel/db/database.js';

export async function readPlatConfig(db: Queryable): Promise<PlatConfig> {
  const rows = await db.query<{ key: string; value: unknown }>('select key, value from platform_config');
  const config = Object.fromEntries(rows.map((r) => [r.key, r.value])) as PlatConfig['config'];
  const communities = await db.query<Community>('select name, logo, link from community order by sort, id');
  return { communities, config };
}

/** A note in the asked language, else in the default language; undefined if neither exists. */
export async function readNote(db: Queryable, type: NoteType, lang: LocaleCode): Promise<PlatNote | undefined> {
  const rows = await db.query<{ title: string; content: string; lang: string }>(
    `select title, content, lang from plat_note where type = $1 and lang in ($2, $3)
     order by (lang = $2) desc limit 1`,
    [type, lang, DEFAULT_LANGUAGE.lang],
  );
  const row = rows[0];
  return row ? { detail: { title: row.title, content: row.content } } : undefined;
}
