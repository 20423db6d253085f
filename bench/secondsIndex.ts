/**
 * npm run bench:seconds-index — what the seconds contracts' settle price costs (issue 34 §2).
 *
 * The index samples every seconds pair's spot book (resting GTC and post-only orders in the
 * database, `spotBookSource`) SAMPLE_MS apart and reduces each to its impact mid and depth. This
 * seeds a maker's book on every seconds pair — SECONDS_INDEX_LEVELS levels a side (default 100), two
 * orders a level, plus SECONDS_INDEX_NOISE filled and cancelled orders per pair (default 20,000) the
 * partial index must skip — then takes SECONDS_INDEX_SAMPLES samples (default 200) and prints the
 * wall and CPU time (the Node process and, on the embedded PostgreSQL, the database's) of one sample
 * and what the sampling pace costs of one core. The peer, measured in the same run: the old index's
 * read, the median of per-second trade VWAPs (`spotTradeSource`), once per pair and second.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../server/kernel/platform/db/open.js';
import { spotBookSource } from '../server/products/seconds/bookSource.js';
import { spotTradeSource } from '../server/products/seconds/indexPrice.js';
import { REST_MS, SAMPLE_MS } from '../server/products/seconds/indexSampler.js';
import { indexPairs, seedPeriods } from '../server/products/seconds/periods.js';
import { createIsolatedSchema } from '../tests/server/testDb.js';
import { postmasterCpuSeconds } from './pipeline/databaseUsage.js';

const LEVELS = Number(process.env.SECONDS_INDEX_LEVELS ?? 100);
const NOISE = Number(process.env.SECONDS_INDEX_NOISE ?? 20_000);
const SAMPLES = Number(process.env.SECONDS_INDEX_SAMPLES ?? 200);

const dataDir = mkdtempSync(join(tmpdir(), 'openex-bench-seconds-index-'));
const isolated = process.env.DATABASE_URL ? await createIsolatedSchema() : undefined;
const db = await openDatabase({ databaseUrl: isolated?.url, dataDir, embedded: process.env.EMBEDDED_DB === 'pglite' ? 'pglite' : 'postgres' });

try {
  await seedPeriods(db);
  const pairs = await indexPairs(db);
  const [maker] = await db.query<{ id: string }>(`insert into app_user (account, kind) values ('index-maker@bench.test', 'market_maker') returning id::text as id`);
  const now = Date.now();
  for (const pair of pairs) {
    const [row] = await db.query<{ price: string }>(`select price::text as price from currency where symbol = $1`, [pair.left]);
    const mid = Number(row?.price ?? 100);
    // Resting levels 0.05 % apart on each side, two orders each, and the filled or cancelled history.
    await db.query(
      `insert into spot_order (user_id, left_symbol, right_symbol, side, type, tif, price, quantity, frozen, status, created_ms, updated_ms)
       select $1, $2, $3, s.side, 'limit', 'GTC', round(($4 * (1 + (case when s.side = 'sell' then 1 else -1 end) * 0.0005 * l))::numeric, $5), $6, 0, 1, $7, $7
       from generate_series(1, $8) l, (values ('buy'), ('sell')) as s(side), generate_series(1, 2) k`,
      // Placed a minute ago: rested, as the sampler requires (REST_MS).
      [Number(maker!.id), pair.left, pair.right, mid, pair.pricePrecision, (20_000 / mid).toFixed(6), now - 60_000, LEVELS],
    );
    await db.query(
      `insert into spot_order (user_id, left_symbol, right_symbol, side, type, tif, price, quantity, frozen, status, created_ms, updated_ms)
       select $1, $2, $3, case when g % 2 = 0 then 'buy' else 'sell' end, 'limit', 'GTC', $4, 1, 0, 3 + g % 2, $5, $5 from generate_series(1, $6) g`,
      [Number(maker!.id), pair.left, pair.right, mid, now, NOISE],
    );
  }
  await db.query('analyze spot_order');
  const source = spotBookSource(db);
  const quotes = await source.quotes(pairs, Date.now() - REST_MS);
  console.log(`${pairs.length} seconds pairs, ${LEVELS} levels a side (two orders each) and ${NOISE} closed orders per pair; quotes for ${quotes.size}`);

  const measure = async (label: string, times: number, work: () => Promise<unknown>) => {
    for (let i = 0; i < 10; i++) await work(); // warm-up
    const cpu = process.cpuUsage();
    const dbCpu = postmasterCpuSeconds(dataDir);
    const started = performance.now();
    for (let i = 0; i < times; i++) await work();
    const wallMs = (performance.now() - started) / times;
    const used = process.cpuUsage(cpu);
    const nodeMs = (used.user + used.system) / 1000 / times;
    const after = postmasterCpuSeconds(dataDir);
    const databaseMs = dbCpu === undefined || after === undefined ? undefined : ((after - dbCpu) * 1000) / times;
    console.log(`${label}: ${wallMs.toFixed(2)} ms wall, CPU ${nodeMs.toFixed(2)} ms node${databaseMs === undefined ? '' : ` + ${databaseMs.toFixed(2)} ms database`} each`);
    return nodeMs + (databaseMs ?? 0);
  };

  // As the sampler asks: only orders that have rested REST_MS.
  const sampleCpu = await measure('book sample (all pairs)', SAMPLES, () => source.quotes(pairs, Date.now() - REST_MS));
  const perSecond = 1000 / SAMPLE_MS;
  console.log(`  at ${perSecond} samples a second (SAMPLE_MS ${SAMPLE_MS}): ${((sampleCpu * perSecond) / 10).toFixed(2)} % of one core`);
  const trades = spotTradeSource();
  const second = Math.floor(now / 1000);
  const peerCpu = await measure('peer: the old trade index (all pairs, one second)', SAMPLES, () => Promise.all(pairs.map((pair) => trades.secondVwaps(db, pair, second - 5, second))));
  console.log(`  once a second: ${(peerCpu / 10).toFixed(2)} % of one core; the book index costs ${(sampleCpu * perSecond / peerCpu).toFixed(1)}× the trade index's read`);
} finally {
  await db.close();
  await isolated?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
