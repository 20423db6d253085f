import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { once, submissionKey } from '../../server/kernel/platform/idempotency.js';
import { changeBalance, readBalance } from '../../server/kernel/platform/ledger/ledger.js';
import type { Database } from '../../server/kernel/platform/db/database.js';
import { openTestDatabase } from './testDb.js';

let db: Database;
let userId: number;
beforeAll(async () => {
  db = await openTestDatabase();
  [{ id: userId }] = (await db.query<{ id: number }>(`insert into app_user (account) values ('idem@example.org') returning id`)) as [{ id: number }];
});
afterAll(() => db.close());

const credit = (amount: string) => (tx: Parameters<Parameters<Database['transaction']>[0]>[0]) =>
  changeBalance(tx, { userId, currency: 'USDT', account: 'spot', available: amount, frozen: '0', kind: 'deposit', refType: 'test', refId: null });

describe('idempotency keys', () => {
  it('carries out a header-keyed submission once, however often it is repeated, even at once', async () => {
    const key = submissionKey('test', 'abcdef123456', { any: 'body' });
    const answers = await Promise.all(Array.from({ length: 8 }, () => once(db, userId, 'test', key, credit('5'))));
    expect(new Set(answers.map((a) => a.available))).toEqual(new Set(['5']));
    expect((await readBalance(db, userId, 'USDT')).available).toBe('5');
    expect(await once(db, userId, 'test', key, credit('5'), Date.now() + 60_000)).toEqual({ available: '5', frozen: '0' });
    expect((await readBalance(db, userId, 'USDT')).available).toBe('5');
  });

  it('without a header, repeats of the same body count only within 2000 ms', async () => {
    const key = submissionKey('test', undefined, { amount: '1' });
    const t0 = Date.now();
    await once(db, userId, 'test', key, credit('1'), t0);
    await once(db, userId, 'test', key, credit('1'), t0 + 1500);
    expect((await readBalance(db, userId, 'USDT')).available).toBe('6');
    await once(db, userId, 'test', key, credit('1'), t0 + 2500);
    expect((await readBalance(db, userId, 'USDT')).available).toBe('7');
  });

  it('stores nothing when the effect fails, so a retry is carried out afresh', async () => {
    const key = submissionKey('test', 'failing-key-1', {});
    await expect(once(db, userId, 'test', key, credit('-1000'))).rejects.toThrow();
    expect(await once(db, userId, 'test', key, credit('1'))).toEqual({ available: '8', frozen: '0' });
  });

  it('ignores a malformed header and falls back to the body', () => {
    expect(submissionKey('s', 'x'.repeat(100), { a: 1 }).key).toMatch(/^body:s:/);
    expect(submissionKey('s', 'bad key!', { a: 1 }).windowMs).toBe(2000);
  });
});
