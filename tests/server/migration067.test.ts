import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/kernel/platform/db/database.js';
import { migrate } from '../../server/kernel/platform/db/migrate.js';
import { openBlankDatabase } from './testDb.js';

/**
 * Migration 067: one withdrawal address per user, currency, network and address, held by a unique
 * index (two saves at once both passed the address book's check). Copies saved before it are
 * removed first, the oldest of each kept — the one allowlist mode counts its wait from — and every
 * other row stays as it was.
 */
let db: Database;
const users: number[] = [];

const saved = (user: number, currency: string, network: string, address: string, note: string, createdAt: string) =>
  db.query<{ id: number }>(`insert into withdrawal_address (user_id, currency, network, address, note, created_at) values ($1, $2, $3, $4, $5, $6) returning id::int as id`, [
    user,
    currency,
    network,
    address,
    note,
    createdAt,
  ]);

const left = () =>
  db.query<{ user_id: number; currency: string; network: string; address: string; note: string }>(
    `select user_id::int as user_id, currency, network, address, note from withdrawal_address order by user_id, currency, network, address, note`,
  );

beforeAll(async () => {
  db = await openBlankDatabase();
  await migrate(db, '066_operator_step_up.sql');
  for (const account of ['m067-a@example.org', 'm067-b@example.org']) {
    const [row] = await db.query<{ id: number }>(`insert into app_user (account) values ($1) returning id::int as id`, [account]);
    users.push(row!.id);
  }
  const [a, b] = users as [number, number];
  // Three copies for a: the oldest written last (a row's id is not its age).
  await saved(a, 'USDT', 'TRC20', 'T-one', 'second', '2026-01-02T00:00:00Z');
  await saved(a, 'USDT', 'TRC20', 'T-one', 'third', '2026-01-03T00:00:00Z');
  await saved(a, 'USDT', 'TRC20', 'T-one', 'oldest', '2026-01-01T00:00:00Z');
  // Two saved in the same instant: the first written stays.
  await saved(a, 'ETH', 'ERC20', '0xsame', 'written first', '2026-02-01T00:00:00Z');
  await saved(a, 'ETH', 'ERC20', '0xsame', 'written next', '2026-02-01T00:00:00Z');
  // Not copies: another currency, network or owner.
  await saved(a, 'USDC', 'TRC20', 'T-one', 'other currency', '2026-01-05T00:00:00Z');
  await saved(a, 'USDT', 'ERC20', 'T-one', 'other network', '2026-01-05T00:00:00Z');
  await saved(b, 'USDT', 'TRC20', 'T-one', 'other owner', '2026-01-05T00:00:00Z');
  await saved(b, 'USDT', 'TRC20', 'T-one', 'other owner again', '2026-01-06T00:00:00Z');
  expect(await migrate(db)).toContain('067_withdrawal_address_once.sql');
});

afterAll(async () => {
  await db?.close();
});

describe('migration 067: one row per saved withdrawal address', () => {
  it('keeps the oldest copy of each address and every row that is no copy', async () => {
    const [a, b] = users as [number, number];
    expect(await left()).toEqual([
      { user_id: a, currency: 'ETH', network: 'ERC20', address: '0xsame', note: 'written first' },
      { user_id: a, currency: 'USDC', network: 'TRC20', address: 'T-one', note: 'other currency' },
      { user_id: a, currency: 'USDT', network: 'ERC20', address: 'T-one', note: 'other network' },
      { user_id: a, currency: 'USDT', network: 'TRC20', address: 'T-one', note: 'oldest' },
      { user_id: b, currency: 'USDT', network: 'TRC20', address: 'T-one', note: 'other owner' },
    ]);
  });

  it('refuses another copy from then on, at the database', async () => {
    const [a] = users as [number];
    await expect(saved(a, 'USDT', 'TRC20', 'T-one', 'again', '2026-03-01T00:00:00Z')).rejects.toThrow(/withdrawal_address_once|duplicate key/);
    const conflict = await db.query(
      `insert into withdrawal_address (user_id, currency, network, address, note) values ($1, 'USDT', 'TRC20', 'T-one', 'again')
       on conflict (user_id, currency, network, address) do nothing returning id`,
      [a],
    );
    expect(conflict).toEqual([]);
  });
});
