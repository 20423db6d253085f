/**
 * npm run bench:cluster — bench:pipeline over a pool of 1, 2 and 3 identical market processes
 * (issue 38; docs/ARCHITECTURE.md "Scale-out: standbys and takeover"). The load's two markets are
 * the entries m1=BTC_USDT and m2=ETH_USDT; BENCH_POOL=N starts N processes without MARKET_PROCESS,
 * which share them (one runs both; two run one each; the third holds nothing and stands by), beside
 * the server and one realtime edge, all on this machine. Each N is one bench:pipeline run in a child
 * process (its full output is kept under the printed directory); the table it ends with holds the
 * figure to watch on a machine with few cores — CPU per order, all processes together — beside the
 * orders a second, which here are bounded by the cores, not by the design.
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
  db: number;
}
interface RunFigures {
  maxSustained: number;
  steps: StepFigures[];
}

const sizes = (process.env.BENCH_CLUSTER_SIZES ?? '1,2,3').split(',').map(Number);
const rates = process.env.BENCH_RATES ?? '500,1000,1500,2000';
const outputs = mkdtempSync(join(tmpdir(), 'openex-bench-cluster-'));
console.log(`bench:cluster — node ${process.version}, ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; outputs in ${outputs}`);

function runPipeline(size: number): Promise<RunFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/pipeline.ts'], {
      env: { ...process.env, BENCH_POOL: String(size), BENCH_EDGES: '1', BENCH_PLAIN: 'off', BENCH_RATES: rates, BENCH_STEP_SECONDS: process.env.BENCH_STEP_SECONDS ?? '8', BENCH_RESULT_JSON: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('exit', (code) => {
      writeFileSync(join(outputs, `pool-${size}.txt`), text);
      const line = text.split('\n').find((l) => l.startsWith('BENCH-RESULT '));
      if (code !== 0 || !line) return reject(new Error(`bench:pipeline with ${size} processes exited ${code}; see ${join(outputs, `pool-${size}.txt`)}`));
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
console.log(`\nmarket processes  max sustained/s   at ${compareAt}/s: server  markets  edge   db   all (cores)  CPU ms/order (server+markets+edge)`);
for (const [size, run] of results) {
  const step = run.steps.find((s) => s.rate === compareAt);
  if (!step) {
    console.log(`${pad(size, 16)}  ${pad(run.maxSustained, 15)}   (no step at ${compareAt}/s)`);
    continue;
  }
  const exchange = step.server + step.markets + step.edges;
  console.log(
    `${pad(size, 16)}  ${pad(run.maxSustained, 15)}   ${pad(step.server.toFixed(2), 16)} ${pad(step.markets.toFixed(2), 8)} ${pad(step.edges.toFixed(2), 5)} ${pad(step.db.toFixed(2), 4)} ${pad((exchange + step.db).toFixed(2), 11)}  ${pad(((exchange * 1000) / step.achieved).toFixed(3), 12)}`,
  );
}
process.exit(0);
