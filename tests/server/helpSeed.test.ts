import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '../../domain/languages.js';
import type { Database } from '../../server/kernel/platform/db/database.js';
import { migrate } from '../../server/kernel/platform/db/migrate.js';
import { articleHash, seedHelp, seedLanguage, type SeedArticle } from '../../server/products/support/seed/help.js';
import { openBlankDatabase } from './testDb.js';

/**
 * The help centre's seed brings an article the seed wrote up to the seed's text of today, and never
 * touches one an operator edited. It only inserted missing articles, so a database kept the P2P
 * articles' old steps after they were rewritten (86fd0caa). A row from before migration 069 (no
 * seeded hash) is known as seeded by the hashes of every earlier seeded text; a row seeded since
 * by the hash written with it.
 */
const read = <T>(path: string) => JSON.parse(readFileSync(join(import.meta.dirname, path), 'utf8')) as T;
const seedFile = (lang: string) => read<SeedArticle[]>(`../../server/products/support/seed/help/${lang}.json`);
/** The two P2P articles in English as the seed wrote them before 86fd0caa rewrote them. */
const BEFORE = read<SeedArticle[]>('support/helpBefore86fd0caa.en_US.json');
const TODAY = seedFile('en_US');
const today = (id: string) => TODAY.find((a) => a.id === id)!;
const before = (id: string) => BEFORE.find((a) => a.id === id)!;

let db: Database;
const row = async (id: string, lang = 'en_US') =>
  (await db.query<SeedArticle & { seeded_hash: string | null }>(`select id, category, common, question, answer, seeded_hash from help_article where id = $1 and lang = $2`, [id, lang]))[0];

/** An article as the seed wrote it before migration 069 (insert if missing, no hash). */
const seededTheOldWay = (a: SeedArticle, sort: number) =>
  db.query(`insert into help_article (id, lang, category, common, sort, question, answer) values ($1, 'en_US', $2, $3, $4, $5, $6)`, [a.id, a.category, a.common, sort, a.question, a.answer]);

beforeAll(async () => {
  db = await openBlankDatabase();
  await migrate(db, '068_operator_access_requests.sql');
  // A database from before the rewrite: both P2P articles as seeded then, the second edited by an operator since.
  await seededTheOldWay(before('buy-crypto-p2p'), 0);
  await seededTheOldWay({ ...before('sell-crypto-p2p'), answer: `${before('sell-crypto-p2p').answer}\n\nOur desk answers P2P questions on weekdays.` }, 1);
  expect(await migrate(db)).toContain('069_help_seeded_hash.sql');
  await seedHelp(db);
});

afterAll(async () => {
  await db?.close();
});

describe('the help seed on a database seeded before migration 069', () => {
  it('rewrites an article that still holds an earlier seed text: the P2P purchase in today’s steps', async () => {
    expect(before('buy-crypto-p2p').answer).not.toBe(today('buy-crypto-p2p').answer);
    expect(await row('buy-crypto-p2p')).toEqual({ ...today('buy-crypto-p2p'), seeded_hash: articleHash('en_US', today('buy-crypto-p2p')) });
  });

  it('leaves an article an operator edited as it is, without a seeded hash', async () => {
    const kept = await row('sell-crypto-p2p');
    expect(kept!.answer).toMatch(/Our desk answers P2P questions on weekdays\.$/);
    expect(kept!.seeded_hash).toBeNull();
  });

  it('inserts every missing article in every language, and a second run changes nothing', async () => {
    const count = async () => (await db.query<{ n: number }>('select count(*)::int as n from help_article'))[0]!.n;
    const expected = LOCALE_CODES.reduce((n, lang) => n + seedFile(lang).length, 0);
    expect(await count()).toBe(expected);
    const all = async () => db.query('select * from help_article order by id, lang');
    const first = await all();
    await seedHelp(db);
    expect(await all()).toEqual(first);
  });
});

describe('the help seed on a database seeded since migration 069', () => {
  const rewritten = (a: SeedArticle): SeedArticle => ({ ...a, answer: `${a.answer}\n\nA later seed's paragraph.` });

  it('brings an article it wrote up to a later seed text, in its place', async () => {
    const later = TODAY.map((a) => (a.id === 'register-account' ? rewritten(a) : a));
    await seedLanguage(db, 'en_US', later, new Set());
    expect(await row('register-account')).toEqual({ ...rewritten(today('register-account')), seeded_hash: articleHash('en_US', rewritten(today('register-account'))) });
  });

  it('never overwrites an operator’s edit of an article it wrote', async () => {
    await db.query(`update help_article set question = 'How do I open an account?' where id = 'register-account' and lang = 'de_DE'`);
    const german = seedFile('de_DE');
    await seedLanguage(db, 'de_DE', german.map((a) => (a.id === 'register-account' ? rewritten(a) : a)), new Set());
    const kept = await row('register-account', 'de_DE');
    expect(kept).toMatchObject({ question: 'How do I open an account?', answer: german.find((a) => a.id === 'register-account')!.answer });
    // Its hash is still the text the seed wrote: the operator's text stays at every later start.
    await seedHelp(db);
    expect(await row('register-account', 'de_DE')).toEqual(kept);
  });
});
