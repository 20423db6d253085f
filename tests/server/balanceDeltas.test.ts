import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/kernel/platform/db/database.js';
import { COMMIT_LATER } from '../../server/kernel/platform/db/commitLater.js';
import { StatementParams } from '../../server/kernel/platform/db/statementParams.js';
import { BALANCE_ROWS_MISSING, balanceDeltas } from '../../server/kernel/platform/ledger/balanceDeltas.js';
import { makeBalanceRows } from '../../server/kernel/platform/ledger/ledgerBatch.js';
import { readBalance, type BalanceChange } from '../../server/kernel/platform/ledger/ledger.js';
import { openTestDatabase } from './testDb.js';
import { createTestUser } from './support/users.js';

/**
 * Balance changes written in one statement relative to their rows (kernel/platform/ledger/balanceDeltas.ts):
 * exact balances, ledger entries in the order of the changes with the balance after each, nothing
 * written when a balance would go negative or a row is missing, and a derived part in between.
 */
let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

const user = (account: string, funds: Record<string, string> = {}) => createTestUser(db, { name: account, funded: funds }).then((u) => u.id);

const change = (userId: number, currency: string, available: string, frozen: string, refId: number): BalanceChange => ({
  userId,
  currency,
  account: 'spot',
  available,
  frozen,
  kind: 'test_move',
  refType: 'test',
  refId,
});

async function run(parts: Parameters<typeof balanceDeltas>[1]): Promise<void> {
  const params = new StatementParams();
  const { ctes, check } = balanceDeltas(params, parts);
  await db.query(`with ${COMMIT_LATER}, ${ctes} select later from commit_later where ${check}`, params.values);
}

const entries = (userId: number) =>
  db.query<{ currency: string; available_change: string; available_after: string; frozen_after: string; ref_id: number }>(
    `select currency, trim_scale(available_change)::text as available_change, trim_scale(available_after)::text as available_after,
       trim_scale(frozen_after)::text as frozen_after, ref_id::int as ref_id
     from ledger_entry where user_id = $1 and kind = 'test_move' order by id`,
    [userId],
  );

describe('balance deltas in one statement', () => {
  it('writes each row once, relative to itself, with entries in order carrying the balance after each change', async () => {
    const a = await user('deltas-a@example.org', { USDT: '100', BTC: '1' });
    const fees = await user('deltas-fees@example.org', { USDT: '0' });
    await run({
      changes: [change(a, 'USDT', '-30', '30', 1), change(a, 'BTC', '0.5', '0', 2), change(a, 'USDT', '-20', '20', 3)],
      derived: (first) => `select ${a}::bigint, 'USDT'::text, 'spot'::text, 'test_move'::text, 5::numeric, -5::numeric, 'test'::text, 4::bigint, ${first}::bigint`,
      trailing: [change(fees, 'USDT', '0.1', '0', 5)],
      lastUserId: fees,
    });
    expect(await readBalance(db, a, 'USDT')).toEqual({ available: '55', frozen: '45' });
    expect(await readBalance(db, a, 'BTC')).toEqual({ available: '1.5', frozen: '0' });
    expect(await readBalance(db, fees, 'USDT')).toEqual({ available: '0.1', frozen: '0' });
    expect(await entries(a)).toEqual([
      { currency: 'USDT', available_change: '-30', available_after: '70', frozen_after: '30', ref_id: 1 },
      { currency: 'BTC', available_change: '0.5', available_after: '1.5', frozen_after: '0', ref_id: 2 },
      { currency: 'USDT', available_change: '-20', available_after: '50', frozen_after: '50', ref_id: 3 },
      { currency: 'USDT', available_change: '5', available_after: '55', frozen_after: '45', ref_id: 4 },
    ]);
  });

  it('writes nothing when a balance would go negative', async () => {
    const b = await user('deltas-b@example.org', { USDT: '10', BTC: '1' });
    await expect(run({ changes: [change(b, 'BTC', '1', '0', 1), change(b, 'USDT', '-11', '0', 2)] })).rejects.toThrow(/check/);
    expect(await readBalance(db, b, 'USDT')).toEqual({ available: '10', frozen: '0' });
    expect(await readBalance(db, b, 'BTC')).toEqual({ available: '1', frozen: '0' });
    expect(await entries(b)).toEqual([]);
  });

  it('refuses a change to a row that does not exist, writing nothing, until the rows are made', async () => {
    const c = await user('deltas-c@example.org', { USDT: '10' });
    const moves = [change(c, 'USDT', '-1', '0', 1), change(c, 'ETH', '2', '0', 2)];
    await expect(run({ changes: moves })).rejects.toThrow(BALANCE_ROWS_MISSING);
    expect(await readBalance(db, c, 'USDT')).toEqual({ available: '10', frozen: '0' });
    expect(await entries(c)).toEqual([]);
    await makeBalanceRows(db, moves);
    await run({ changes: moves });
    expect(await readBalance(db, c, 'ETH')).toEqual({ available: '2', frozen: '0' });
    expect(await readBalance(db, c, 'USDT')).toEqual({ available: '9', frozen: '0' });
  });
});
