import { describe, expect, it } from 'vitest';
import { arrayLiteral, withArrayLiterals } from '../../server/kernel/platform/db/arrayLiterals.js';
import { openPostgres } from '../../server/kernel/platform/db/postgres.js';
import { withClient } from './pgClient.js';
import { usingPostgres } from './testDb.js';

/**
 * Array parameters joined once instead of node-postgres' element-by-element quoting
 * (arrayLiterals.ts): plain text as it is, other text quoted, and read back by PostgreSQL as exactly
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
/** Text a literal must quote: joined all the same, quoted and escaped. */
const QUOTED: unknown[][] = [[''], ['NULL'], ['null'], ['a b'], [' 1'], ['a,b'], ['{}'], ['say "hi"'], ['back\\slash'], ['naïve'], ['{"orderId":578}', null, '1']];
/** Left to node-postgres. */
const LEFT: unknown[][] = [[new Date(0)], [Buffer.from('ab')], [{ a: 1 }], [[1, 2]], [Symbol('s')]];

describe('array parameters as literals', () => {
  it('joins arrays of numbers, text and nulls, quoting only the text that must be, and leaves the rest to node-postgres', () => {
    expect(arrayLiteral([1, 2, 3])).toBe('{1,2,3}');
    expect(arrayLiteral([null, 'x', undefined])).toBe('{NULL,x,NULL}');
    expect(arrayLiteral([])).toBe('{}');
    expect(arrayLiteral(['1.5', 'NULL', 'a "b" \\c', '', null])).toBe('{1.5,"NULL","a \\"b\\" \\\\c","",NULL}');
    for (const array of [...JOINED, ...QUOTED]) expect(arrayLiteral(array), JSON.stringify(array, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))).toBeTypeOf('string');
    for (const array of LEFT) expect(arrayLiteral(['1', ...array, '2']), String(array[0])).toBeUndefined();
  });

  it('replaces only the arrays it joins, and keeps the values as they were when there are none', () => {
    const values = [1, 'text', [1, 2], [new Date(0)], null];
    const sent = withArrayLiterals(values);
    expect(sent).toEqual([1, 'text', '{1,2}', [new Date(0)], null]);
    expect(values[2]).toEqual([1, 2]);
    const none = [1, 'x'];
    expect(withArrayLiterals(none)).toBe(none);
  });

  it.runIf(usingPostgres())('reads back in PostgreSQL as the values node-postgres sends', async () => {
    const db = await openPostgres(process.env.DATABASE_URL!, { pool: 1, planOnce: 1 });
    try {
      const statements = ['select $1::text[] as a', 'select $1::numeric[] as a', 'select $1::bigint[] as a', 'select $1::boolean[] as a'];
      const arrays = [...JOINED, ...QUOTED];
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
