/**
 * npm run bench:fence — what the lease's fence (server/kernel/cluster/shards/standby.ts) costs a market
 * process's writes: the same write transactions on the PostgreSQL of DATABASE_URL with and without
 * the fence's check (process_lease_fence: the entry's process_lease row FOR SHARE, sent with each
 * transaction's BEGIN), in alternating rounds so that a busy machine weighs on both alike. A transaction
 * here is what one pipeline batch writes (a `unnest()` update of BENCH_ROWS balance-like rows);
 * the figure per order is the extra time per transaction divided by the orders a batch carries.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { openPostgres } from '../server/kernel/platform/db/postgres.js';
import type { Database } from '../server/kernel/platform/db/database.js';
import { fenceWrites } from '../server/kernel/cluster/shards/standby.js';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROWS = Number(process.env.BENCH_ROWS ?? 20);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 4);

const schema = `bench_fence_${randomUUID().slice(0, 8)}`;
const admin = await openPostgres(DATABASE_URL);
await admin.exec(`create schema ${schema}`);
const url = new URL(DATABASE_URL);
url.searchParams.set('options', `-c search_path=${schema}`);
const db = await openPostgres(url.toString());
// The lease's table and fence as the server's migration makes them.
await db.exec(readFileSync(new URL('../server/kernel/platform/db/migrations/030_process_lease.sql', import.meta.url), 'utf8'));
await db.exec(`
  create table balance (id int primary key, available numeric not null);
  insert into process_lease values ('m1', 1);
  insert into balance select g, 0 from generate_series(1, ${WORKERS * ROWS}) g;
`);
const fenced = fenceWrites(db, { entry: 'm1', epoch: 1 }, () => undefined);

async function round(target: Database): Promise<number> {
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, worker) => {
      const ids = Array.from({ length: ROWS }, (_, i) => worker * ROWS + i + 1);
      for (let i = 0; i < TRANSACTIONS / WORKERS; i++) {
        await target.transaction((tx) =>
          tx.query(`update balance b set available = b.available + 1 from unnest($1::int[]) as u(id) where b.id = u.id`, [ids], { planOnce: true }),
        );
      }
    }),
  );
  return Number(process.hrtime.bigint() - started) / 1e6;
}

await round(db); // warm both paths' connections and plans
await round(fenced);
const plain: number[] = [];
const withFence: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  plain.push(await round(db));
  withFence.push(await round(fenced));
}
const best = (xs: number[]) => Math.min(...xs);
const perTx = (ms: number) => (ms * 1000) / TRANSACTIONS;
const extra = perTx(best(withFence)) - perTx(best(plain));
console.log(`bench:fence — ${TRANSACTIONS} write transactions a round (${ROWS} rows each, ${WORKERS} at once), best of ${ROUNDS} rounds`);
console.log(`  plain  ${((TRANSACTIONS / best(plain)) * 1000).toFixed(0)} tx/s  ${perTx(best(plain)).toFixed(0)} µs/tx`);
console.log(`  fenced ${((TRANSACTIONS / best(withFence)) * 1000).toFixed(0)} tx/s  ${perTx(best(withFence)).toFixed(0)} µs/tx  (ratio fenced/plain ${(best(withFence) / best(plain)).toFixed(3)})`);
console.log(`  the fence adds ${extra.toFixed(0)} µs a transaction: ${extra.toFixed(0)} µs an order at a batch of 1, ${(extra / 50).toFixed(1)} µs at a batch of 50`);
await db.close();
await admin.exec(`drop schema ${schema} cascade`);
await admin.close();
