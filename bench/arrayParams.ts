/**
 * npm run bench:array-params — what a statement's array parameters cost the server before they are
 * sent: the parameters of one settlement-shaped statement (BENCH_ROWS ledger rows, a third as many
 * orders and trades, as column arrays the way the spot pipeline sends them) turned into the texts
 * node-postgres writes, by node-postgres alone (the peer: `prepareValue`, which quotes element by
 * element) and after `withArrayLiterals` (arrayLiterals.ts: joined once where no element needs
 * quotes), in alternating rounds. Prints the time a statement's parameters take each way and the
 * young-generation bytes each way allocates, read from V8's new space between collections
 * (--expose-gc, which the script passes itself).
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { getHeapSpaceStatistics } from 'node:v8';
import { withArrayLiterals } from '../server/kernel/platform/db/arrayLiterals.js';

if (typeof globalThis.gc !== 'function') {
  // Again with --expose-gc, so that each round starts from an empty young generation.
  execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', new URL(import.meta.url).pathname], { stdio: 'inherit' });
  process.exit(0);
}
const gc = globalThis.gc as () => void;

const require = createRequire(import.meta.url);
const { prepareValue } = require('pg/lib/utils') as { prepareValue: (value: unknown) => unknown };

const ROWS = Number(process.env.BENCH_ROWS ?? 25);
const STATEMENTS = Number(process.env.BENCH_STATEMENTS ?? 2_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

/** One settlement's parameters: ledger rows, orders and trades as columns, and a few scalars. */
function settlementParams(seed: number): unknown[] {
  const n = (k: number) => Array.from({ length: k }, (_, i) => i);
  const orders = Math.max(1, Math.round(ROWS / 4));
  const decimal = (i: number) => `${(seed + i) % 97}.${String((seed * 7919 + i * 104729) % 1e8).padStart(8, '0')}`;
  return [
    n(ROWS).map((i) => 1_000 + ((seed + i) % 50)),
    n(ROWS).map((i) => (i % 2 ? 'BTC' : 'USDT')),
    n(ROWS).map((i) => decimal(i)),
    n(ROWS).map((i) => `-${decimal(i + 1)}`),
    n(ROWS).map((i) => ['trade_pay', 'trade_receive', 'trade_fee'][i % 3]),
    n(ROWS).map(() => 'spot_trade'),
    n(ROWS).map((i) => seed * 10 + i),
    n(orders).map((i) => seed * 100 + i),
    n(orders).map((i) => decimal(i + 2)),
    n(orders).map((i) => (i % 3 ? null : decimal(i + 3))),
    'BTC_USDT',
    Date.now(),
  ];
}

const statements = Array.from({ length: STATEMENTS }, (_, i) => settlementParams(i));
const viaDriver = (params: unknown[]) => params.map(prepareValue);
const viaOurs = (params: unknown[]) => withArrayLiterals(params).map(prepareValue);

let sink = 0;
function round(send: (params: unknown[]) => unknown[]): { usPerStatement: number; bytesPerStatement: number } {
  gc();
  const newSpace = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')!.space_used_size;
  // Batches small enough that the young generation does not fill (and collect) inside one.
  let bytes = 0;
  let counted = 0;
  let elapsed = 0n;
  for (let start = 0; start < statements.length; start += 100) {
    gc();
    const before = newSpace();
    const t0 = process.hrtime.bigint();
    for (const params of statements.slice(start, start + 100)) sink += (send(params)[2] as string).length;
    elapsed += process.hrtime.bigint() - t0;
    const grown = newSpace() - before;
    if (grown > 0) {
      bytes += grown;
      counted += Math.min(100, statements.length - start);
    }
  }
  return { usPerStatement: Number(elapsed) / 1e3 / statements.length, bytesPerStatement: counted ? bytes / counted : NaN };
}

console.log(`bench:array-params — node ${process.version}; ${STATEMENTS} statements of ${ROWS} ledger rows (12 parameters, 10 of them arrays), ${ROUNDS} rounds each way`);
const results = { driver: [] as ReturnType<typeof round>[], ours: [] as ReturnType<typeof round>[] };
for (let r = 0; r < ROUNDS; r++) {
  results.driver.push(round(viaDriver));
  results.ours.push(round(viaOurs));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const [name, rs] of Object.entries(results)) {
  const us = median(rs.map((r) => r.usPerStatement));
  const kb = median(rs.map((r) => r.bytesPerStatement)) / 1024;
  console.log(`  ${name === 'driver' ? 'node-postgres alone (peer)' : 'withArrayLiterals first  '}: ${us.toFixed(1)} µs and ${kb.toFixed(1)} KB allocated a statement (median of ${ROUNDS})`);
}
const ratio = median(results.driver.map((r) => r.usPerStatement)) / median(results.ours.map((r) => r.usPerStatement));
console.log(`  ratio: ${ratio.toFixed(1)}× less time than node-postgres alone`);
// Read, so that the conversions' results are used and cannot be optimised away.
if (sink === 0) throw new Error('no literal was written');
