/**
 * CPU per durable order, per process (issue 55 §2): a closed loop of `inFlight` requests of the
 * load's mix (as the held-out load: a fixed number in flight, not a rate), and each process's
 * user + sys CPU from its own /proc counters over it, divided by the orders the server accepted.
 * A fixed concurrency gives the pipeline the same batches whatever else the shared machine runs,
 * so the figure moves far less with the neighbours than an open-loop step's does.
 */
import { usagePerOrder, type DatabaseUsage } from './databaseUsage.js';
import { gcText, type GcCounts } from './gcTimes.js';
import { ms, now, percentile, type Outcome, type Probing } from './load.js';

export interface CpuCounters {
  server(): number;
  database(): number;
  /** This process, the subscribers' child and the read prober's: the load generator, reported apart. */
  client(): number;
  /** The database's CPU by its processes' roles and its faults (databaseUsage.ts), when it is the embedded one. */
  databaseUsage?(): DatabaseUsage | undefined;
}

export async function cpuPerOrder(options: {
  inFlight: number;
  orders: number;
  maxSeconds: number;
  send: () => Promise<Outcome>;
  accepted: () => number;
  counters: CpuCounters;
  /** The reads timed over the loop: each starts timing when called (readProbes.ts). */
  reads: Record<string, () => Probing>;
  /** The server's garbage collection so far (gcTimes.ts), read before and after the loop. */
  gc: () => Promise<GcCounts | undefined>;
}): Promise<string> {
  const { counters } = options;
  const probes = Object.entries(options.reads).map(([name, start]) => ({ name, probe: start() }));
  const accepted0 = options.accepted();
  const gc0 = await options.gc();
  const c0 = { server: counters.server(), database: counters.database(), client: counters.client() };
  const usage0 = counters.databaseUsage?.();
  const t0 = now();
  let sent = 0;
  let errors = 0;
  const worker = async () => {
    while (sent < options.orders && now() - t0 < options.maxSeconds * 1000) {
      sent += 1;
      const outcome = await options.send().catch((e): Outcome => ({ kind: 'error', msg: String(e) }));
      if (outcome.kind === 'error') errors += 1;
    }
  };
  await Promise.all(Array.from({ length: options.inFlight }, worker));
  const seconds = (now() - t0) / 1000;
  const c1 = { server: counters.server(), database: counters.database(), client: counters.client() };
  const usage1 = counters.databaseUsage?.();
  // Read after the counters: the scrape's own CPU is not the loop's.
  const gc = gcText(gc0, await options.gc(), seconds);
  const accepted = options.accepted() - accepted0;
  const latencies = await Promise.all(probes.map(async ({ name, probe }) => ({ name, sorted: await probe.stop() })));
  const per = (key: keyof typeof c0) => ((c1[key] - c0[key]) * 1000) / accepted;
  const server = per('server');
  const database = per('database');
  const roles = usagePerOrder(usage0, usage1, accepted);
  const reads = latencies.map(({ name, sorted }) => `${name} p50/p99/max ${ms(percentile(sorted, 50))}/${ms(percentile(sorted, 99))}/${ms(sorted.at(-1) ?? NaN)} ms`).join(', ');
  return (
    `CPU ms per accepted order, ${options.inFlight} in flight (closed loop): ${accepted} accepted of ${sent} sent in ${seconds.toFixed(1)} s (${(accepted / seconds).toFixed(0)}/s, ${errors} errors);` +
    ` server ${server.toFixed(3)}, database ${database.toFixed(3)}${roles ? ` (${roles})` : ''}, server+database ${(server + database).toFixed(3)}; load generator ${per('client').toFixed(3)} (apart); ${reads}; server ${gc}`
  );
}
