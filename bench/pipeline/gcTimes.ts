/**
 * The server's garbage collection over a step, read from its own GET /metrics (prom-client's default
 * histogram `openex_nodejs_gc_duration_seconds`, by kind). A major collection's pause holds the event
 * loop 12–25 ms on this machine with the bench's ~100–300 MB heap, so a step whose plat_config p99 is
 * over 20 ms usually had one: the bench prints them beside the latencies so a reader can tell a
 * collection from a slower path (bench/README.md, issue 55 §3). The histogram has no maximum; its
 * 10 ms bucket tells the long pauses apart.
 */
export type GcCounts = Map<string, { count: number; sum: number; upTo10ms: number }>;

const LINE = /^openex_nodejs_gc_duration_seconds_(bucket|sum|count)\{(?:le="([^"]+)",)?kind="(\w+)"\} ([\d.e+-]+)$/;

/** Undefined when the server does not answer (a step's figures go on without it). */
export async function gcCounts(serverUrl: string): Promise<GcCounts | undefined> {
  const text = await fetch(`${serverUrl}/metrics`)
    .then((r) => (r.ok ? r.text() : undefined))
    .catch(() => undefined);
  if (text === undefined) return undefined;
  const counts: GcCounts = new Map();
  for (const line of text.split('\n')) {
    const m = LINE.exec(line);
    if (!m) continue;
    const [, part, le, kind, value] = m;
    const entry = counts.get(kind!) ?? { count: 0, sum: 0, upTo10ms: 0 };
    if (part === 'count') entry.count = Number(value);
    else if (part === 'sum') entry.sum = Number(value);
    else if (le === '0.01') entry.upTo10ms = Number(value);
    counts.set(kind!, entry);
  }
  return counts;
}

/** E.g. "GC: 1 major (17 ms; 1 over 10 ms), minor 2.4 % of the step". */
export function gcText(before: GcCounts | undefined, after: GcCounts | undefined, seconds: number): string {
  if (!before || !after) return 'GC: -';
  const delta = (kind: string) => {
    const a = before.get(kind) ?? { count: 0, sum: 0, upTo10ms: 0 };
    const b = after.get(kind) ?? a;
    return { count: b.count - a.count, ms: (b.sum - a.sum) * 1000, over10ms: b.count - b.upTo10ms - (a.count - a.upTo10ms) };
  };
  const major = delta('major');
  const minor = delta('minor');
  return `GC: ${major.count} major (${major.ms.toFixed(0)} ms; ${major.over10ms} over 10 ms), minor ${((minor.ms / 1000 / seconds) * 100).toFixed(1)} % of the step`;
}
