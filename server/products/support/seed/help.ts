import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALE_CODES, type LocaleCode } from '../../../../domain/languages.js';
import type { Queryable } from '../../../kernel/platform/db/database.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const HELP_DIR = join(HERE, 'help');

export interface SeedArticle {
  id: string;
  category: string;
  common: boolean;
  question: string;
  answer: string;
}

/** What an article says, as a hash: the seed's own text is told from an operator's edit by it. */
export const articleHash = (lang: string, a: SeedArticle): string =>
  createHash('sha256').update(JSON.stringify([a.id, lang, a.category, a.common, a.question, a.answer])).digest('hex').slice(0, 32);

/**
 * The hash of every text the seed wrote before migration 069 kept one with its rows, by language:
 * each version of help/<locale>.json in the repository's history (server/db/seed/help,
 * server/kernel/db/seed/help, then here) up to commit 1122c142, hashed by articleHash. A row
 * without a seeded hash that holds one of them was seeded and never edited.
 */
const SEEDED_BEFORE_069 = JSON.parse(readFileSync(join(HERE, 'helpSeededBefore069.json'), 'utf8')) as Partial<Record<LocaleCode, string[]>>;

interface Row extends SeedArticle {
  sort: number;
  seeded_hash: string | null;
}

/**
 * Support's seed (ServerProduct.seed): the help centre's articles from help/<locale>.json; the file
 * order is the display order. A missing article is inserted; one that still holds the text the
 * seed wrote (its seeded hash, or before migration 069 any earlier seed's text) is brought up to
 * today's; one an operator edited is never overwritten.
 */
export async function seedHelp(tx: Queryable): Promise<void> {
  for (const lang of LOCALE_CODES) {
    const file = join(HELP_DIR, `${lang}.json`);
    if (!existsSync(file)) continue;
    await seedLanguage(tx, lang, JSON.parse(readFileSync(file, 'utf8')) as SeedArticle[], new Set(SEEDED_BEFORE_069[lang] ?? []));
  }
}

/** One language's articles against its rows (exported for the tests: any articles, any earlier hashes). */
export async function seedLanguage(tx: Queryable, lang: LocaleCode, articles: readonly SeedArticle[], seededBefore: ReadonlySet<string>): Promise<void> {
  const rows = await tx.query<Row>(`select id, category, common, sort, question, answer, seeded_hash from help_article where lang = $1`, [lang]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const [sort, a] of articles.entries()) {
    const hash = articleHash(lang, a);
    const row = byId.get(a.id);
    if (!row) {
      await tx.query(
        `insert into help_article (id, lang, category, common, sort, question, answer, seeded_hash) values ($1, $2, $3, $4, $5, $6, $7, $8)
         on conflict do nothing`,
        [a.id, lang, a.category, a.common, sort, a.question, a.answer, hash],
      );
      continue;
    }
    const held = articleHash(lang, row);
    const asSeeded = row.seeded_hash === null ? seededBefore.has(held) : held === row.seeded_hash;
    // An operator's text stays, with its place; so does a row that already is today's.
    if (!asSeeded || (held === hash && row.seeded_hash === hash && Number(row.sort) === sort)) continue;
    await tx.query(
      `update help_article set category = $3, common = $4, sort = $5, question = $6, answer = $7, seeded_hash = $8 where id = $1 and lang = $2`,
      [a.id, lang, a.category, a.common, sort, a.question, a.answer, hash],
    );
  }
}
