import type { HelpArticle, HelpList, HelpSummary } from '../../../domain/informHelp.js';
import type { LocaleCode } from '../../../domain/languages.js';
import type { Queryable } from '../../kernel/platform/db/database.js';

const FALLBACK: LocaleCode = 'en_US';

/**
 * The row each article is read from: the requested language, else English (the seed's source
 * language), so an article missing a translation still appears.
 */
const LOCALISED = `
  select a.* from help_article a
  where a.lang = $1 or (a.lang = '${FALLBACK}' and not exists (select 1 from help_article b where b.id = a.id and b.lang = $1))`;

/** Escapes LIKE wildcards so a search for "100%" means the text "100%". */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Articles in `lang`, common questions first; `search` matches question or answer, case-insensitive. */
export async function listHelp(db: Queryable, lang: LocaleCode, filter: { search?: string; category?: string }): Promise<HelpList> {
  const search = filter.search?.trim() ?? '';
  const rows = await db.query<HelpSummary & { sort: number }>(
    `select id, category, common, question, sort from (${LOCALISED}) a
     where ($2::text = '' or a.question ilike $3 or a.answer ilike $3)
       and ($4::text = '' or a.category = $4)
     order by a.common desc, a.sort, a.id`,
    [lang, search, likePattern(search), filter.category ?? ''],
  );
  const categories = await db.query<{ category: string }>(
    `select category from (${LOCALISED}) a group by category order by min(a.sort), category`,
    [lang],
  );
  return { list: rows.map(({ sort: _sort, ...summary }) => summary), categories: categories.map((c) => c.category) };
}

export async function helpArticle(db: Queryable, lang: LocaleCode, id: string): Promise<HelpArticle | undefined> {
  const [row] = await db.query<HelpArticle>(`select id, category, common, question, answer from (${LOCALISED}) a where a.id = $2`, [lang, id]);
  return row;
}
