import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/kernel/platform/db/database.js';
import { migrate } from '../../../server/kernel/platform/db/migrate.js';
import { seedBeforePairListing } from '../seedBeforePairListing.js';
import { openBlankDatabase } from '../testDb.js';

/**
 * Migration 029 (ICO project texts per language): blank texts, which the old desk saved when a box
 * was cleared, are dropped so their language falls back; a project without an English text gets its
 * name as one; afterwards the database refuses a project without the default language's text.
 */
let db: Database;

const project = (symbol: string, description: string) =>
  db.query(
    `insert into ico_project (symbol, name, description, total, price, token_places, start_ms, end_ms, min_quantity, max_quantity, release_rate, release_period_ms, created_ms)
     values ($1, $2, $3::jsonb, 100, 1, 0, 0, 1000, 1, 10, 1, 1000, 0)`,
    [symbol, `${symbol} name`, description],
  );
const descriptionOf = async (symbol: string) => (await db.query<{ d: unknown }>(`select description as d from ico_project where symbol = $1`, [symbol]))[0]!.d;

beforeAll(async () => {
  db = await openBlankDatabase();
  await migrate(db, '028_spot_stops.sql');
  await seedBeforePairListing(db);
  for (const symbol of ['MGOOD', 'MBLANK', 'MNONE']) {
    await db.query(`insert into currency (symbol, name, price, recharge_turn, draw_turn, legal_status, sort) values ($1, $1, 1, 0, 0, 0, 1000)`, [symbol]);
  }
  await project('MGOOD', JSON.stringify({ en_US: ' Kept ', ja_JP: '保持', de_DE: '  ', zh_TW: 7 }));
  await project('MBLANK', JSON.stringify({ en_US: '', ja_JP: '日本語だけ' }));
  await project('MNONE', '{}');
  await migrate(db);
});

afterAll(async () => {
  await db?.close();
});

describe('migration 029: ICO project texts per language', () => {
  it('drops blank texts, trims the rest and gives a project without English text its name', async () => {
    expect(await descriptionOf('MGOOD')).toEqual({ en_US: 'Kept', ja_JP: '保持' });
    expect(await descriptionOf('MBLANK')).toEqual({ en_US: 'MBLANK name', ja_JP: '日本語だけ' });
    expect(await descriptionOf('MNONE')).toEqual({ en_US: 'MNONE name' });
  });

  it('then refuses a project without the default language text', async () => {
    await db.query(`insert into currency (symbol, name, price, recharge_turn, draw_turn, legal_status, sort) values ('MLATE', 'MLATE', 1, 0, 0, 0, 1000)`);
    await expect(project('MLATE', JSON.stringify({ ja_JP: '英語なし' }))).rejects.toThrow(/ico_project_default_description/);
    await expect(db.query(`update ico_project set description = '{"en_US": " "}' where symbol = 'MGOOD'`)).rejects.toThrow(/ico_project_default_description/);
  });
});
