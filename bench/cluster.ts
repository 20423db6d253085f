/**
 * npm run bench:cluster — bench:pipeline over 1, 2 and 3 processes of the cluster (issue 38). The
 * load's two markets are the entries m1=BTC_USDT and m2=ETH_USDT (m2 also runs every other pair and
 * the products that run apart: pipeline/scaleOut.ts marketProcessesSetting).
 * - BENCH_CLUSTER=nodes (the default with DATABASE_URL): N identical cluster nodes
 *   (docs/ARCHITECTURE.md "Scale-out: identical nodes") on DATABASE_URL's PostgreSQL; the load and
 *   the subscribers are spread over every node, each serving every route.
 * - BENCH_CLUSTER=pool (the default without it): N identical market processes
 *   ("Scale-out: standbys and takeover") beside the bench's server and one node's web part for the
 *   sockets, on the embedded database: one runs both entries; two run one each; the third holds
 *   nothing and stands by.
 * Each N is one bench:pipeline run in a child process (its full output is kept under the printed
 * directory); the table it ends with holds the figure to watch on a machine with few cores — CPU
 * per order, all processes together — beside the orders a second, which here are bounded by the
 * cores, not by the design.
 *
 * BENCH_CLUSTER_SIZES="1,2,3" (default) and BENCH_RATES (default 500,1000,1500,2000) shape it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

interface StepFigures {
  rate: number;
  achieved: number;
  sustained: boolean;
  /** Shares of one core over the step. */
  server: number;
  markets: number;
  edges: number;
  /** The nodes after the first (BENCH_CLUSTER=nodes). */
  fronts: number;
  db: number;
}
interface RunFigures {
  maxSustained: number;
  steps: StepFigures[];
}

const kind = process.env.BENCH_CLUSTER ?? (process.env.DATABASE_URL ? 'nodes' : 'pool');
if (kind !== 'nodes' && kind !== 'pool') throw new Error(`BENCH_CLUSTER must be nodes or pool, got ${kind}`);
if (kind === 'nodes' && !process.env.DATABASE_URL) throw new Error('BENCH_CLUSTER=nodes needs DATABASE_URL (the PostgreSQL the nodes share)');
const sizes = (process.env.BENCH_CLUSTER_SIZES ?? '1,2,3').split(',').map(Number);
const rates = process.env.BENCH_RATES ?? '500,1000,1500,2000';
const outputs = mkdtempSync(join(tmpdir(), 'openex-bench-cluster-'));
console.log(`bench:cluster (${kind}) — node ${process.version}, ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; outputs in ${outputs}`);

function runPipeline(size: number): Promise<RunFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/pipeline.ts'], {
      env: {
        ...process.env,
        ...(kind === 'nodes' ? { BENCH_NODES: String(size), BENCH_EMBEDDED: 'off' } : { BENCH_POOL: String(size), BENCH_EDGES: '1', DATABASE_URL: '' }),
        BENCH_PLAIN: 'off',
        BENCH_CPU_ORDERS: process.env.BENCH_CPU_ORDERS ?? '0', // its table is the ramp's; the CPU-per-order loops only on asking
        BENCH_RATES: rates,
        BENCH_STEP_SECONDS: process.env.BENCH_STEP_SECONDS ?? '8',
        BENCH_RESULT_JSON: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('exit', (code) => {
      writeFileSync(join(outputs, `${kind}-${size}.txt`), text);
      const line = text.split('\n').find((l) => l.startsWith('BENCH-RESULT '));
      if (code !== 0 || !line) return reject(new Error(`bench:pipeline with ${size} processes exited ${code}; see ${join(outputs, `${kind}-${size}.txt`)}`));
      resolve(JSON.parse(line.slice('BENCH-RESULT '.length)) as RunFigures);
    });
  });
}

const results = new Map<number, RunFigures>();
for (const size of sizes) {
  const started = Date.now();
  results.set(size, await runPipeline(size));
  console.log(`  ${size} process(es): max sustained ${results.get(size)!.maxSustained} orders/s (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}

// The common rate every run sustained: CPU per order is compared there, at the same load.
const common = [...results.values()].map((r) => new Set(r.steps.filter((s) => s.sustained).map((s) => s.rate)));
const compareAt = Math.max(0, ...[...(common[0] ?? [])].filter((rate) => common.every((set) => set.has(rate))));
const pad = (text: string | number, width: number) => String(text).padStart(width);
const header = kind === 'nodes' ? 'nodes' : 'market processes';
const columns = kind === 'nodes' ? ['first node', 'others'] : ['server', 'markets', 'edge'];
console.log(`\n${pad(header, 16)}  max sustained/s   at ${compareAt}/s: ${columns.map((c) => pad(c, 10)).join(' ')}   db   all (cores)  CPU ms/order (${kind === 'nodes' ? 'every node' : 'server+markets+edge'})`);
for (const [size, run] of results) {
  const step = run.steps.find((s) => s.rate === compareAt);
  if (!step) {
    console.log(`${pad(size, 16)}  ${pad(run.maxSustained, 15)}   (no step at ${compareAt}/s)`);
    continue;
  }
  const parts = kind === 'nodes' ? [step.server, step.fronts] : [step.server, step.markets, step.edges];
  const exchange = parts.reduce((sum, part) => sum + part, 0);
  console.log(
    `${pad(size, 16)}  ${pad(run.maxSustained, 15)}   ${' '.repeat(12)}${parts.map((part) => pad(part.toFixed(2), 10)).join(' ')} ${pad(step.db.toFixed(2), 4)} ${pad((exchange + step.db).toFixed(2), 11)}  ${pad(((exchange * 1000) / step.achieved).toFixed(3), 12)}`,
  );
}
process.exit(0);
