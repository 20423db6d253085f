/**
 * Summarises what `promotedSampler.mjs` wrote: what major collections freed by allocation site (read
 * its comment for what that includes), or with PROMOTED_ALL=1 every allocation, in MB per second of
 * the sampled window, mapped back to the TypeScript sources through the server bundle's source map.
 *
 *   npx tsx bench/pipeline/promotedSummary.ts FILE.heapprofile [count]
 *
 * Three tables: by the allocating frame (self), by the nearest frame of our own code above it
 * (which of our lines made the object, whatever library built it), and by our two nearest frames.
 */
import { readFileSync, existsSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

interface HeapNode {
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  selfSize: number;
  children: HeapNode[];
}

const [file, countArg] = process.argv.slice(2);
if (!file) throw new Error('usage: promotedSummary.ts FILE.heapprofile [count]');
const COUNT = Number(countArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as { head: HeapNode; seconds: number; everything?: boolean };

const maps = new Map<string, SourceMap | undefined>();
function sourceMapOf(url: string): SourceMap | undefined {
  if (!maps.has(url)) {
    const path = url.startsWith('file://') ? fileURLToPath(url) : url;
    const mapPath = `${path}.map`;
    maps.set(url, existsSync(mapPath) ? new SourceMap(JSON.parse(readFileSync(mapPath, 'utf8'))) : undefined);
  }
  return maps.get(url);
}

/** A frame as `function source:line`, through the bundle's source map where it has one. */
function place(frame: HeapNode['callFrame']): { label: string; ours: boolean } {
  const map = frame.url ? sourceMapOf(frame.url) : undefined;
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string; originalLine?: number } | undefined;
  const source = entry?.originalSource ?? frame.url;
  const short = source.replace(/^.*\/node_modules\//, 'nm/').replace(/^.*?\/(server|domain)\//, '$1/');
  const line = (entry?.originalLine ?? frame.lineNumber) + 1;
  const ours = /^(server|domain)\//.test(short);
  return { label: `${frame.functionName || '(anonymous)'} ${short || '(native)'}:${line}`, ours };
}

const bySelf = new Map<string, number>();
const byOurs = new Map<string, number>();
const byOurTwo = new Map<string, number>();
let total = 0;
const add = (map: Map<string, number>, key: string, bytes: number) => map.set(key, (map.get(key) ?? 0) + bytes);

function walk(node: HeapNode, stack: Array<{ label: string; ours: boolean }>): void {
  const here = place(node.callFrame);
  const path = [...stack, here];
  if (node.selfSize > 0) {
    total += node.selfSize;
    add(bySelf, here.label, node.selfSize);
    const ourFrames = path.filter((frame) => frame.ours).reverse();
    add(byOurs, ourFrames[0]?.label ?? '(none of ours)', node.selfSize);
    add(byOurTwo, ourFrames.slice(0, 2).map((frame) => frame.label).join('  <  ') || '(none of ours)', node.selfSize);
  }
  for (const child of node.children) walk(child, path);
}
walk(profile.head, []);

const rate = (bytes: number) => (bytes / 1e6 / profile.seconds).toFixed(2);
console.log(
  profile.everything
    ? `allocated ${rate(total)} MB/s over ${profile.seconds} s (sampled; every allocation, PROMOTED_ALL=1)`
    : `freed by major collections ${rate(total)} MB/s over ${profile.seconds} s (sampled; the old generation's inflow, what was alive at the end, and the young generation's dead at each major collection: promotedSampler.mjs)`,
);
for (const [title, map] of [
  ['allocating frame', bySelf],
  ['our nearest frame', byOurs],
  ['our two nearest frames', byOurTwo],
] as const) {
  console.log(`\nby ${title}  (MB/s, share)`);
  for (const [key, bytes] of [...map].sort((a, b) => b[1] - a[1]).slice(0, COUNT)) {
    console.log(`${rate(bytes).padStart(7)} ${((100 * bytes) / total).toFixed(1).padStart(5)} %  ${key}`);
  }
}
