/**
 * Summarises a server CPU profile taken under bench:pipeline (SERVER_NODE_ARGS="--cpu-prof
 * --cpu-prof-dir=DIR", tests/system/serverProcess.ts; the profile is written when the server stops):
 *
 *   npx tsx bench/pipeline/profileSummary.ts DIR/CPU.….cpuprofile [fromSecond toSecond]
 *
 * Without a window it prints the main thread's busy share per second of the profile, to find the
 * closed loop's seconds (busy ~60–80 % after the set-up's quiet ones); with one, the top self-time
 * functions, the top inclusive ones, our own files inclusive and the busy time by package.
 *
 * With `--long MS [fromSecond toSecond]`, the same tables over the profile's own runs of busy samples
 * at least MS long (in the window, when given): what the loop was doing while a read waited.
 *
 * Read the system calls with care: V8 samples wall time on the main thread, so a `writev` or
 * `writeBuffer` that woke another process and was preempted by it counts the time it waited. Under
 * bench:pipeline they read 48 % of the busy main thread where `perf record -g -p <pid>` (CPU
 * time, every thread) put the kernel's whole share at 26 % (bench/README.md, 2026-11-28).
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const [file, from, to, windowFrom, windowTo] = process.argv.slice(2);
if (!file) throw new Error('usage: profileSummary.ts FILE.cpuprofile [fromSecond toSecond]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
const NOT_BUSY = new Set(['(idle)', '(program)']);

/** Each sample's node and weight (µs), at its second from the profile's start. */
const samples: Array<{ id: number; us: number; second: number; at: number }> = [];
let clock = profile.startTime;
profile.samples.forEach((id, i) => {
  const us = profile.timeDeltas[i] ?? 0;
  clock += us;
  samples.push({ id, us, second: (clock - profile.startTime) / 1e6, at: clock });
});

const short = (url: string) => url.replace(/^.*\/node_modules\//, 'nm/').replace(/^file:\/\/.*?\/(server|domain|bench)\//, '$1/');
const label = (n: ProfileNode) => `${n.callFrame.functionName || '(anonymous)'} ${short(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
const ours = (url: string) => /\/(server|domain)\//.test(url) && !url.includes('/node_modules/');

/** The long busy runs' [start, end) in µs, with `--long`. */
const stretches = from === '--long' && to ? busyRuns(Number(to) * 1000) : undefined;

/**
 * Runs of samples with no idle one among them at least `minUs` long: the event loop never waited for
 * I/O in them, so a request that came in one waited for its end. (Under load two tasks back to back
 * read as one run: this names what the loop was busy with while a read waited, not single tasks.)
 */
function busyRuns(minUs: number): Array<readonly [number, number]> {
  const runs: Array<readonly [number, number]> = [];
  let start: number | undefined;
  let last = 0;
  const inWindow = (s: (typeof samples)[number]) => windowFrom === undefined || (s.second >= Number(windowFrom) && s.second < Number(windowTo ?? Infinity));
  for (const s of samples.filter(inWindow)) {
    const idle = nodes.get(s.id)!.callFrame.functionName === '(idle)';
    if (!idle && start === undefined) start = s.at - s.us;
    if (idle && start !== undefined) {
      if (last - start >= minUs) runs.push([start, last]);
      start = undefined;
    }
    last = s.at;
  }
  const lengths = runs.map(([a, b]) => (b - a) / 1000).sort((a, b) => b - a);
  console.log(`${runs.length} busy runs over ${minUs / 1000} ms; longest ${lengths.slice(0, 15).map((l) => l.toFixed(1)).join(', ')} ms`);
  return runs;
}
const counted = (s: (typeof samples)[number]) => (stretches ? stretches.some(([start, end]) => s.at >= start && s.at < end) : s.second >= Number(from) && s.second < Number(to));

if (from === undefined || to === undefined) {
  const seconds = new Map<number, { busy: number; all: number }>();
  for (const s of samples) {
    const at = Math.floor(s.second);
    const entry = seconds.get(at) ?? { busy: 0, all: 0 };
    entry.all += s.us;
    if (!NOT_BUSY.has(nodes.get(s.id)!.callFrame.functionName)) entry.busy += s.us;
    seconds.set(at, entry);
  }
  console.log('main thread busy % by second:', [...seconds].map(([at, e]) => `${at}:${Math.round((100 * e.busy) / e.all)}`).join(' '));
} else {
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const byFile = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let busy = 0;
  for (const s of samples) {
    const node = nodes.get(s.id)!;
    if (!counted(s) || NOT_BUSY.has(node.callFrame.functionName)) continue;
    busy += s.us;
    self.set(label(node), (self.get(label(node)) ?? 0) + s.us);
    const url = node.callFrame.url;
    const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1] ?? (ours(url) ? short(url).split('/').slice(0, 3).join('/') : url.startsWith('node:') ? url : node.callFrame.functionName);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + s.us);
    const seen = new Set<string>();
    const seenFiles = new Set<string>();
    for (let at: number | undefined = s.id; at !== undefined; at = parent.get(at)) {
      const frame = nodes.get(at)!;
      const key = label(frame);
      // Once per sample however often it recurs in the stack.
      if (!seen.has(key)) {
        seen.add(key);
        inclusive.set(key, (inclusive.get(key) ?? 0) + s.us);
      }
      const f = short(frame.callFrame.url);
      if (ours(frame.callFrame.url) && !seenFiles.has(f)) {
        seenFiles.add(f);
        byFile.set(f, (byFile.get(f) ?? 0) + s.us);
      }
    }
  }
  const top = (title: string, map: Map<string, number>, count: number) => {
    console.log(`\n${title}`);
    for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, count)) console.log(`${((100 * us) / busy).toFixed(1).padStart(6)} %  ${key}`);
  };
  const where = stretches ? `in ${stretches.length} long stretches` : `from ${from} s to ${to} s`;
  if (stretches?.length === 0) process.exit(0);
  console.log(`busy main thread ${where}: ${(busy / 1000).toFixed(0)} ms (shares below are of it)`);
  top('self time', self, 30);
  top('inclusive', inclusive, 30);
  top('our files, inclusive', byFile, 25);
  top('by package (self)', byPackage, 20);
}
