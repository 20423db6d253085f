/**
 * Summarises the plans auto_explain wrote during a bench:pipeline run, statement by statement and
 * CTE by CTE: where a batch's statements spend their execution.
 *
 *   BENCH_KEEP=1 EMBEDDED_PG_SETTINGS="shared_preload_libraries=auto_explain;auto_explain.log_min_duration=0;\
 *     auto_explain.log_analyze=on;auto_explain.sample_rate=0.03" BENCH_RATES=none npm run bench:pipeline
 *   npx tsx bench/pipeline/explainSummary.ts /tmp/openex-bench-pipeline-…/postgres.log
 *
 * Statements are grouped by their first CTE after `commit_later` (the pipeline's one-statement
 * writes each open with one: `traded` is spot's settlement, `keys_claimed` its record stage), or by
 * their text's first 60 characters. A CTE runs once, inside the node that first reads it, so its
 * time also counts inside that reader's: `balance_written` holds `balance_locked` and
 * `balance_totals` (its update reads them first), and the ledger's `balance_entered` only its own
 * insert. Subtract what a CTE holds to get its own time. Sampled plans time every node, which costs
 * the sampled statements a little; compare CTEs with each other, not with unsampled runs.
 */
import { readFileSync } from 'node:fs';
import { percentile } from './load.js';

const file = process.argv[2];
if (!file) throw new Error('usage: explainSummary.ts postgres.log');

interface Group {
  durations: number[];
  ctes: Map<string, { ms: number; rows: number }>;
}
const groups = new Map<string, Group>();

for (const entry of readFileSync(file, 'utf8').split('LOG:  duration: ').slice(1)) {
  const duration = Number.parseFloat(entry);
  const text = entry.match(/Query Text: ([\s\S]*?)\n\s*(Query Parameters:|[A-Z][A-Za-z ]+ {2}\(cost)/)?.[1] ?? '';
  const name = text.match(/^with (?:commit_later as \(.*?\), )?(\w+) as \(/s)?.[1] ?? text.replace(/\s+/g, ' ').slice(0, 60);
  const group: Group = groups.get(name) ?? { durations: [], ctes: new Map() };
  groups.set(name, group);
  group.durations.push(duration);
  const lines = entry.split('\n');
  lines.forEach((line, i) => {
    const cte = line.match(/^\s*CTE (\w+)\s*$/)?.[1];
    const node = cte && lines[i + 1]?.match(/actual time=[\d.]+\.\.([\d.]+) rows=([\d.]+) loops=(\d+)/);
    if (!cte || !node) return;
    const loops = Number(node[3]);
    const sum = group.ctes.get(cte) ?? { ms: 0, rows: 0 };
    group.ctes.set(cte, { ms: sum.ms + Number(node[1]) * loops, rows: sum.rows + Number(node[2]) * loops });
  });
}

const ranked = [...groups].sort(([, a], [, b]) => total(b.durations) - total(a.durations));
for (const [name, group] of ranked.slice(0, 12)) {
  const n = group.durations.length;
  const sorted = [...group.durations].sort((a, b) => a - b);
  console.log(`${name}: ${n} sampled, mean ${(total(sorted) / n).toFixed(3)} ms, median ${percentile(sorted, 50).toFixed(3)} ms, ${total(sorted).toFixed(1)} ms in all`);
  const ctes = [...group.ctes].sort(([, a], [, b]) => b.ms - a.ms);
  for (const [cte, sum] of ctes) console.log(`    ${cte.padEnd(22)} ${(sum.ms / n).toFixed(3)} ms a statement (inclusive), ${(sum.rows / n).toFixed(1)} rows`);
}

function total(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
