import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LeaseLostError } from '../../server/kernel/cluster/shards/standby.js';
import { openPostgres } from '../../server/kernel/platform/db/postgres.js';
import type { Database } from '../../server/kernel/platform/db/database.js';
import { startServer, type RunningServer } from '../../server/start.js';
import { createIsolatedSchema, usingPostgres } from './testDb.js';

/**
 * The server's writes are fenced like a market process's (kernel/cluster/shards/standby.ts; issue 38 "fence
 * every write"): a server whose lease connection is cut while a standby takes over — a partition it
 * never noticed, its other connections alive — is refused at its next write transaction, changes
 * nothing, and is told to stop. Without the fence its write went through beside the new holder.
 * Needs PostgreSQL: CI's PostgreSQL pass.
 */
describe.runIf(usingPostgres())("the server's lease fences its writes", () => {
  it('refuses the old holder’s next write once a standby took the lease, and tells it to stop', async () => {
    const schema = await createIsolatedSchema();
    const dirs = [mkdtempSync(join(tmpdir(), 'openex-fence-a-')), mkdtempSync(join(tmpdir(), 'openex-fence-b-'))];
    const config = (dataDir: string) => ({ port: 0, host: '127.0.0.1', dataDir, databaseUrl: schema.url, clientDir: join(dataDir, 'none'), logLevel: 'silent' as const, marketMakers: false, p2pMerchants: false });
    const lost: Error[] = [];
    let holder: RunningServer | undefined;
    let standby: RunningServer | undefined;
    try {
      holder = await startServer(config(dirs[0]!), undefined, { onLeaseLost: (error) => lost.push(error) });
      let standing = false;
      const next = startServer(config(dirs[1]!), undefined, { onStandby: () => (standing = true) });
      const deadline = Date.now() + 10_000;
      while (!standing) {
        if (Date.now() > deadline) throw new Error('the second server never stood by');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // A partition: every connection of the holder ends (its lease and locks with them), and the
      // holder, which never noticed, gets fresh connections from its pool afterwards.
      const cut = holder.instance;
      await standbyDb(schema.url, (db) => db.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1`, [cut]));
      standby = await next;
      expect(await holder.db.query<{ one: number }>('select 1 as one')).toEqual([{ one: 1 }]);
      const write = (tx: { query: RunningServer['db']['query'] }) => tx.query(`insert into fiat_sweep (one, swept_ms) values (true, 1) on conflict (one) do update set swept_ms = 1`);
      await expect(holder.db.transaction(write)).rejects.toThrow(LeaseLostError);
      expect(lost.length).toBeGreaterThanOrEqual(1);
      expect(await standby.db.query(`select swept_ms from fiat_sweep where swept_ms = 1`)).toEqual([]);
      // The new holder writes.
      await standby.db.transaction(write);
    } finally {
      await holder?.stop().catch(() => undefined);
      await standby?.stop();
      await schema.drop();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  // Found running cluster nodes: the fence's query went with the BEGIN, so the day-open snapshot's
  // `set transaction isolation level` came after a query, was refused, and no snapshot was ever taken.
  it('takes the wallet’s day-open snapshot (a repeatable-read transaction) through the fence', async () => {
    const schema = await createIsolatedSchema();
    const dataDir = mkdtempSync(join(tmpdir(), 'openex-fence-day-'));
    let server: RunningServer | undefined;
    try {
      server = await startServer({ port: 0, host: '127.0.0.1', dataDir, databaseUrl: schema.url, clientDir: join(dataDir, 'none'), logLevel: 'silent', marketMakers: false, p2pMerchants: false });
      const running = server;
      const deadline = Date.now() + 10_000;
      const taken = () => running.db.query<{ n: string }>(`select count(*)::text as n from wallet_day_open`).then(([row]) => Number(row!.n));
      while ((await taken()) === 0) {
        if (Date.now() > deadline) throw new Error('no day-open snapshot 10 s after the start');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await server?.stop();
      await schema.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

/** A connection of the test's own, apart from either server's. */
async function standbyDb(url: string, use: (db: Database) => Promise<unknown>): Promise<void> {
  const db = await openPostgres(url, { pool: 1, planOnce: 1 });
  try {
    await use(db);
  } finally {
    await db.close();
  }
}
