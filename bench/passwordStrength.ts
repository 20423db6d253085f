// `npm run bench:passwords`: the password policy's strength estimate on the server, on the event
// loop (how it ran before) against on its own thread (server/kernel/platform/auth/passwordStrength),
// each in a fresh node process: the main heap the estimate leaves behind (after a full collection),
// and the longest the event loop waited while a burst of sign-ups' checks ran (a 1-ms timer's worst gap).
import { execFileSync } from 'node:child_process';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir, cpus, loadavg } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const CHECKS = Number(process.env.BENCH_CHECKS ?? 20);
const passwords = Array.from({ length: CHECKS }, (_, i) => [`Tr0ub4dor&3-${i}x`, `correct horse ${i} staple`, `Zq8#mW${i}!pLr2`, `Alice${i}2026alice`][i % 4]!);

const script = (how: 'loop' | 'thread') => `
const gc = globalThis.gc;
gc(); const before = process.memoryUsage().heapUsed;
const check = ${how === 'loop'
  ? `(await import(${JSON.stringify(join(ROOT, 'domain/passwordStrength.ts'))})).strongEnough; const run = async (p) => check(p, ['someone@example.com']);`
  : `(await import(${JSON.stringify(join(ROOT, 'server/kernel/platform/auth/passwordStrength/offThread.ts'))})).passwordStrength; const run = (p) => check.strongEnough(p, ['someone@example.com']);`}
await run('warm-up 2026 x');
let last = performance.now(), worst = 0;
const timer = setInterval(() => { const now = performance.now(); worst = Math.max(worst, now - last); last = now; }, 1);
const started = performance.now();
await Promise.all(${JSON.stringify(passwords)}.map(run));
const took = performance.now() - started;
await new Promise((r) => setTimeout(r, 5));
clearInterval(timer);
gc(); gc();
console.log(JSON.stringify({ heldMB: (process.memoryUsage().heapUsed - before) / 1e6, worstGapMs: worst, tookMs: took }));
`;

const dir = mkdtempSync(join(tmpdir(), 'bench-passwords-'));
const run = (how: 'loop' | 'thread') => {
  const file = join(dir, `${how}.mts`);
  writeFileSync(file, script(how));
  const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', file], { cwd: ROOT, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop()!) as { heldMB: number; worstGapMs: number; tookMs: number };
};

console.log(`bench:passwords — node ${process.version}, ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; ${CHECKS} checks at once, 3 processes each way, alternated`);
const rows: Array<[string, ReturnType<typeof run>]> = [];
for (let round = 0; round < 3; round++) for (const how of ['loop', 'thread'] as const) rows.push([how, run(how)]);
for (const [how, r] of rows) console.log(`  ${how === 'loop' ? 'on the event loop' : 'on its own thread'}: main heap held ${r.heldMB.toFixed(1)} MB, event loop's worst wait ${r.worstGapMs.toFixed(0)} ms, ${CHECKS} checks answered in ${r.tookMs.toFixed(0)} ms`);
const median = (how: string, pick: (r: ReturnType<typeof run>) => number) => rows.filter(([h]) => h === how).map(([, r]) => pick(r)).sort((a, b) => a - b)[1]!;
console.log(`  medians: heap held ${median('loop', (r) => r.heldMB).toFixed(1)} → ${median('thread', (r) => r.heldMB).toFixed(1)} MB; worst wait ${median('loop', (r) => r.worstGapMs).toFixed(0)} → ${median('thread', (r) => r.worstGapMs).toFixed(0)} ms (${(median('loop', (r) => r.worstGapMs) / Math.max(1, median('thread', (r) => r.worstGapMs))).toFixed(0)}× shorter)`);
