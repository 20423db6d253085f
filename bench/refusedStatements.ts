/**
 * npm run bench:refused — what a statement PostgreSQL refuses costs the process that sent it, and
 * the database: the same stream of prepared writes on the PostgreSQL of DATABASE_URL, one in
 * BENCH_REFUSE_EVERY refused by a check constraint (as the spot record stage's one-statement write
 * is whenever a balance moved since its read), sent through node-postgres' own `pool.query` (the
 * peer: it ends the connection on any error) and through our Database (`poolQuery.ts`: it keeps the
 * connection), in alternating rounds so that a busy machine weighs on both alike. Prints the
 * statements a second, the new backends each path started and the database's CPU per statement.
 */
import pg from 'pg';
import { openPostgres } from '../server/kernel/platform/db/postgres.js';
import { createIsolatedSchema } from '../tests/server/testDb.js';
import { cpuSecondsOfProcesses } from './pipeline/load.js';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const STATEMENTS = Number(process.env.BENCH_STATEMENTS ?? 4000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const REFUSE_EVERY = Number(process.env.BENCH_REFUSE_EVERY ?? 50);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 4);

const isolated = await createIsolatedSchema(DATABASE_URL);
// Reads pg_stat_database through a connection of its own, kept: none of the rounds' sessions.
const admin = await openPostgres(DATABASE_URL, { pool: 1, planOnce: 1 });
const ours = await openPostgres(isolated.url, { pool: WORKERS, planOnce: 1 });
const driver = new pg.Pool({ connectionString: isolated.url, max: WORKERS, idleTimeoutMillis: 0 });
driver.on('error', () => undefined);
await ours.exec(`create table balance (id int primary key, available numeric not null check (available >= 0));
  insert into balance select g, 1000000 from generate_series(1, ${WORKERS}) g`);

// A write that takes 1 from a worker's row, or (refused) more than the row holds.
const SQL = `update balance set available = available - $2 where id = $1 returning available`;
type Send = (params: unknown[]) => Promise<unknown>;
const viaDriver: Send = (params) => driver.query({ name: 'bench_refused', text: SQL, values: params });
const viaOurs: Send = (params) => ours.query(SQL, params);

const sessions = async () => Number((await admin.query<{ n: string }>(`select sessions::text as n from pg_stat_database where datname = current_database()`))[0]!.n);

async function round(send: Send): Promise<{ ms: number; refused: number; backends: number; dbCpuMs: number }> {
  const sessionsBefore = await sessions();
  const cpuBefore = cpuSecondsOfProcesses('postgres');
  const started = process.hrtime.bigint();
  let refused = 0;
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, worker) => {
      for (let i = 0; i < STATEMENTS / WORKERS; i++) {
        const refuse = (i * WORKERS + worker) % REFUSE_EVERY === REFUSE_EVERY - 1;
        await send([worker + 1, refuse ? '1e12' : '1']).catch(() => refused++);
      }
    }),
  );
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const dbCpuMs = (cpuSecondsOfProcesses('postgres') - cpuBefore) * 1000;
  // The admin's reads go through its pool's one kept connection: no session of their own.
  return { ms, refused, backends: (await sessions()) - sessionsBefore, dbCpuMs };
}

await round(viaDriver); // warm both paths' connections and plans
await round(viaOurs);
const results = { driver: [] as Awaited<ReturnType<typeof round>>[], ours: [] as Awaited<ReturnType<typeof round>>[] };
for (let r = 0; r < ROUNDS; r++) {
  results.driver.push(await round(viaDriver));
  results.ours.push(await round(viaOurs));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`bench:refused — ${STATEMENTS} prepared writes a round, one in ${REFUSE_EVERY} refused by a check constraint, ${WORKERS} at once, median of ${ROUNDS} rounds`);
for (const [name, runs] of Object.entries(results)) {
  const ms = median(runs.map((r) => r.ms));
  console.log(
    `  ${name === 'driver' ? "node-postgres' pool.query" : 'our Database (poolQuery)'}: ${((STATEMENTS / ms) * 1000).toFixed(0)} statements/s, ${median(runs.map((r) => r.refused))} refused, ` +
      `${median(runs.map((r) => r.backends))} new backends, database CPU ${(median(runs.map((r) => r.dbCpuMs)) / STATEMENTS * 1000).toFixed(0)} µs a statement (every postgres process on the machine)`,
  );
}
const ratio = median(results.driver.map((r) => r.ms)) / median(results.ours.map((r) => r.ms));
console.log(`  ratio of wall time, pool.query / ours: ${ratio.toFixed(2)}`);
await ours.close();
await driver.end();
await admin.close();
await isolated.drop();
