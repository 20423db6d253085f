import { describe, expect, it } from 'vitest';
import { arrayLiteral, withArrayLiterals } from '../../server/kernel/platform/db/arrayLiterals.js';
import { openPostgres } from '../../server/kernel/platform/db/postgres.js';
import { withClient } from './pgClient.js';
import { usingPostgres } from './testDb.js';

/**
 * Array parameters joined once instead of node-postgres' element-by-element quoting
 * (arrayLiterals.ts): only where no element needs quotes, and read back by PostgreSQL as exactly
 * the values node-postgres' own literal gives.
 */
const JOINED: unknown[][] = [
  [1, 2, 3],
  [0, -0, -12.5, 1e21, 5e-7],
  [12345678901234567890n, -1n],
  [true, false],
  ['0.00100000', '-42', '+7', 'USDT', 'trade_pay', '2026-12-04T14:05:06.789Z', 'a:b'],
  [null, '1.5', undefined, 'NULLS', 'nul'],
  [],
];
const QUOTED: unknown[][] = [
  [''],
  ['NULL'],
  ['null'],
  ['a b'],
  [' 1'],
  ['a,b'],
  ['{}'],
  ['say "hi"'],
  ['back\\slash'],
  ['naïve'],
  [new Date(0)],
  [Buffer.from('ab')],
  [{ a: 1 }],
  [[1, 2]],
];

describe('array parameters as literals', () => {
  it('joins arrays whose elements need no quotes, and leaves every other to node-postgres', () => {
    expect(arrayLiteral([1, 2, 3])).toBe('{1,2,3}');
    expect(arrayLiteral([null, 'x', undefined])).toBe('{NULL,x,NULL}');
    expect(arrayLiteral([])).toBe('{}');
    for (const array of JOINED) expect(arrayLiteral(array), JSON.stringify(array, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))).toBeTypeOf('string');
    for (const array of QUOTED) expect(arrayLiteral(['1', ...array, '2']), String(array[0])).toBeUndefined();
  });

  it('replaces only the arrays it joins, and keeps the values as they were when there are none', () => {
    const values = [1, 'text', [1, 2], ['a b'], null];
    const sent = withArrayLiterals(values);
    expect(sent).toEqual([1, 'text', '{1,2}', ['a b'], null]);
    expect(values[2]).toEqual([1, 2]);
    const none = [1, 'x'];
    expect(withArrayLiterals(none)).toBe(none);
  });

  it.runIf(usingPostgres())('reads back in PostgreSQL as the values node-postgres sends', async () => {
    const db = await openPostgres(process.env.DATABASE_URL!, { pool: 1, planOnce: 1 });
    try {
      const statements = ['select $1::text[] as a', 'select $1::numeric[] as a', 'select $1::bigint[] as a', 'select $1::boolean[] as a'];
      const arrays = [...JOINED, ...QUOTED.filter((a) => typeof a[0] === 'string' || typeof a[0] === 'boolean')];
      const readBy = async (query: (sql: string, values: unknown[]) => Promise<unknown>) => {
        const out: unknown[] = [];
        for (const sql of statements) {
          for (const array of arrays) out.push(await query(sql, [array]).catch((error: Error) => `refused: ${error.message}`));
        }
        return out;
      };
      const ours = await readBy(async (sql, values) => (await db.query<{ a: unknown }>(sql, values))[0]!.a);
      const theirs = await withClient(process.env.DATABASE_URL!, (client) => readBy(async (sql, values) => (await client.query<{ a: unknown }>(sql, values)).rows[0]!.a));
      expect(ours).toEqual(theirs);
      // The texts themselves, not only their refusals, were compared.
      expect(ours.filter((a) => Array.isArray(a)).length).toBeGreaterThan(arrays.length);
    } finally {
      await db.close();
    }
  });
});
