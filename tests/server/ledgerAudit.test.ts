import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../server/kernel/platform/ledger/ledgerAudit.js';
import { auditBooks } from '../../server/products/audit.js';
import { changeBalance } from '../../server/kernel/platform/ledger/ledger.js';
import type { Database } from '../../server/kernel/platform/db/database.js';
import { openTestDatabase } from './testDb.js';

let db: Database;
let userId: number;
beforeAll(async () => {
  db = await openTestDatabase();
  [{ id: userId }] = (await db.query<{ id: number }>(`insert into app_user (account) values ('audit@example.org') returning id`)) as [{ id: number }];
  await db.transaction((tx) => changeBalance(tx, { userId, currency: 'USDT', account: 'spot', available: '100', frozen: '0', kind: 'deposit', refType: 'test', refId: null }));
  await db.transaction((tx) => changeBalance(tx, { userId, currency: 'USDT', account: 'spot', available: '-30', frozen: '0', kind: 'transfer_out', refType: 'test', refId: null }));
  await db.transaction((tx) => changeBalance(tx, { userId, currency: 'USDT', account: 'contract', available: '30', frozen: '0', kind: 'transfer_in', refType: 'test', refId: null }));
});
afterAll(() => db.close());

describe('ledger audit', () => {
  it('finds nothing wrong in consistent books', async () => {
    expect(await auditBooks(db)).toEqual([]);
  });

  it('reports balances in an account no product declares (the contract account without futures)', async () => {
    expect(await auditLedger(db, [])).toEqual(['balances in account contract, which no product declares']);
    expect(await auditLedger(db, [{ kinds: ['contract'] }])).toEqual([]);
  });

  it('reports a balance changed behind the ledger, money made from nothing, and unexplained frozen funds', async () => {
    await db.query(`update balance set available = available + 1, frozen = 2 where user_id = $1 and account = 'contract'`, [userId]);
    const findings = await auditBooks(db);
    expect(findings).toContain(`balance not explained by its ledger: user ${userId} USDT contract`);
    expect(findings).toContain('USDT: accounts hold 103 but 100 crossed the chain');
    expect(findings).toContain('USDT: 2 frozen but open orders and withdrawals hold 0');
  });

  it('reports a broken chain', async () => {
    await db.query(`update ledger_entry set available_after = available_after + 5 where id = (select min(id) from ledger_entry where user_id = $1)`, [userId]);
    expect((await auditBooks(db)).some((f) => f.startsWith('ledger chain broken at entry'))).toBe(true);
  });
});
