import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdDuties, type HeldDuties } from '../../server/kernel/cluster/shards/duties.js';
import type { Database } from '../../server/kernel/platform/db/database.js';
import { openPostgres } from '../../server/kernel/platform/db/postgres.js';
import { openPglite } from '../../server/kernel/platform/db/pglite.js';
import { startQuietServer } from './quietServer.js';
import { createIsolatedSchema, usingPostgres, type IsolatedSchema } from './testDb.js';

/**
 * The exchange's duties (daily runs, settlement, blocks, delistings, key pruning) are one leased
 * entry (kernel/cluster/shards/duties.ts, issue 53 §5): one process of a cluster runs them, the
 * others stand by and take them the moment the holder hands them over or its connection ends.
 */
const quiet = () => undefined;

async function until(condition: () => boolean, what: string, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the duties lease, on a database nothing else shares', () => {
  it('is held at once, and the duties have started when the hold answers', async () => {
    const db = await openPglite();
    let started = 0;
    const duties = await holdDuties(db, async () => void started++, quiet);
    expect(started).toBe(1);
    expect(duties.held()).toBe(true);
    await duties.stop();
    await db.close();
    // A fresh PGlite migrated from nothing: 20 s on a busy machine, 69 s in a CI run beside other work.
  }, 120_000);
});

describe.runIf(usingPostgres())('the duties lease, on a shared PostgreSQL', () => {
  let schema: IsolatedSchema;
  const dbs: Database[] = [];
  const held: HeldDuties[] = [];
  const open = async () => {
    const db = await openPostgres(schema.url, { pool: 2, planOnce: 1 });
    dbs.push(db);
    return db;
  };

  beforeAll(async () => {
    schema = await createIsolatedSchema();
  });
  afterAll(async () => {
    for (const one of held) await one.stop();
    for (const db of dbs) await db.close();
    await schema?.drop();
  });

  it('runs on one process at a time; a standby takes them over when the holder hands them over', async () => {
    const runs: string[] = [];
    const first = await holdDuties(await open(), async () => void runs.push('first'), quiet, { pollMs: 20 });
    const second = await holdDuties(await open(), async () => void runs.push('second'), quiet, { pollMs: 20 });
    held.push(first, second);
    expect(first.held()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(second.held()).toBe(false);
    expect(runs).toEqual(['first']);
    await first.stop();
    await until(() => second.held(), 'the standby to take the duties');
    expect(runs).toEqual(['first', 'second']);
    await second.stop();
  });

  it('are taken over when the holder is gone without a word (its connections closed, as a kill -9 ends them)', async () => {
    const runs: string[] = [];
    const holderDb = await open();
    const holder = await holdDuties(holderDb, async () => void runs.push('holder'), quiet, { pollMs: 20 });
    const standby = await holdDuties(await open(), async () => void runs.push('standby'), quiet, { pollMs: 20 });
    held.push(standby);
    expect(holder.held()).toBe(true);
    // The lease's own connection ends with the process: here, the server side ends it.
    await (await open()).query(`select pg_terminate_backend(l.pid) from pg_locks l
      where l.locktype = 'advisory' and l.classid = 7302 and l.objid = (hashtext(current_schema() || ':process:duties')::bigint & 4294967295)::oid`);
    await until(() => standby.held(), 'the standby to take the duties');
    expect(runs).toEqual(['holder', 'standby']);
    await holder.stop().catch(() => undefined);
    await standby.stop();
  });

  it('a process stopping while it stands by starts no duty', async () => {
    const runs: string[] = [];
    const holder = await holdDuties(await open(), async () => void runs.push('holder'), quiet, { pollMs: 20 });
    const standby = await holdDuties(await open(), async () => void runs.push('standby'), quiet, { pollMs: 20 });
    await standby.stop();
    await holder.stop();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(runs).toEqual(['holder']);
    expect(standby.held()).toBe(false);
  });
});

describe.runIf(usingPostgres())("a server's duties, while another process holds their lease", () => {
  it('runs none of them (no day-open snapshot) until that process hands the lease over, then all', async () => {
    const schema = await createIsolatedSchema();
    const other = await openPostgres(schema.url, { pool: 2, planOnce: 1 });
    const elsewhere = await holdDuties(other, async () => undefined, quiet);
    let running: Awaited<ReturnType<typeof startQuietServer>> | undefined;
    try {
      expect(elsewhere.held()).toBe(true);
      running = await startQuietServer('duties', { databaseUrl: schema.url });
      const db = running.server.db;
      const dayOpens = async () => Number((await db.query<{ n: string }>('select count(*)::text as n from wallet_day_open'))[0]!.n);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await dayOpens()).toBe(0);
      await elsewhere.stop();
      const deadline = Date.now() + 5_000;
      while ((await dayOpens()) === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await dayOpens()).toBe(1);
    } finally {
      await elsewhere.stop();
      await running?.stop();
      await other.close();
      await schema.drop();
    }
  });
});
