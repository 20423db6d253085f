import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALE_CODES } from '../../../../domain/languages.js';
import type { Queryable } from '../../../kernel/platform/db/database.js';

const HELP_DIR = join(dirname(fileURLToPath(import.meta.url)), 'help');

interface SeedArticle {
  id: string;
  category: string;
  common: boolean;
  question: string;
  answer: string;
}

/**
 * Support's seed (ServerProduct.seed): the help centre's articles from help/<locale>.json; the file
 * order is the display order. Never overwrites what an operator edited.
 */
export async function seedHelp(tx: Queryable): Promise<void> {
  for (const lang of LOCALE_CODES) {
    const file = join(HELP_DIR, `${lang}.json`);
    if (!existsSync(file)) continue;
    const articles = JSON.parse(readFileSync(file, 'utf8')) as SeedArticle[];
    for (const [i, a] of articles.entries()) {
      await tx.query(
        `insert into help_article (id, lang, category, common, sort, question, answer) values ($1, $2, $3, $4, $5, $6, $7)
         on conflict do nothing`,
        [a.id, lang, a.category, a.common, i, a.question, a.answer],
      );
    }
  }
}
