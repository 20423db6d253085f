import type { LocaleCode } from '../../../domain/languages.js';
import { DEFAULT_LANGUAGE } from '../../../domain/languages.js';
import type { NoteType, PlatNote } from '../../../domain/api.js';
export { readPlatConfig } from '../../kernel/platform/catalogue.js';
import type { Queryable } from '../../kernel/platform/db/database.js';

/** A note in the asked language, else in the default language; undefined if neither exists. */
export async function readNote(db: Queryable, type: NoteType, lang: LocaleCode): Promise<PlatNote | undefined> {
  const rows = await db.query<{ title: string; content: string; lang: string }>(
    `select title, content, lang from plat_note where type = $1 and lang in ($2, $3)
     order by (lang = $2) desc limit 1`,
    [type, lang, DEFAULT_LANGUAGE.lang],
  );
  const row = rows[0];
  if (!row) return undefined;
  // Marked only when the default language stands in for the asked one (issue 51 §5: the reader's page says so).
  return { detail: { title: row.title, content: row.content, ...(row.lang !== lang ? { fallback: true } : {}) } };
}
