/**
 * The reads timed under load (issue 55 §3: `plat_config` and a trader's open orders), sent from a
 * process of their own (readProbes.ts forks it). Timed in the load generator's process, a read's
 * latency also held that process's own event-loop delay — at 1,500 orders/s its p99 was 3–5 ms and
 * its worst 13–20 ms a step, a whole missed target by itself — which no trader's browser pays; here
 * the timer's process does nothing else, so what is timed is the server's answer.
 *
 * Messages (IPC): `{ type: 'start', id, read, everyMs }` starts sending `read` every `everyMs`;
 * `{ type: 'stop', id }` stops it, waits for what is in flight and answers `{ type: 'stopped', id,
 * latencies }` (ms, sorted; a failed read counts as Infinity).
 */
import { keepAlive, post, probeEvery, type Probing } from './load.js';

export type ReadName = 'plat_config' | 'orders_current';

export interface ProberSetup {
  port: number;
  /** The prober trader's session token, for the authenticated read. */
  token: string;
  /** The open orders' route (domain/spotOrders.ts SPOT_PATHS.current). */
  currentPath: string;
}

type Message = { type: 'start'; id: number; read: ReadName; everyMs: number } | { type: 'stop'; id: number };

const setup = JSON.parse(process.env.READ_PROBER_SETUP ?? '{}') as ProberSetup;
const agent = keepAlive(4);

const reads: Record<ReadName, () => Promise<void>> = {
  plat_config: () => answered(post(agent, setup.port, '/api/plat_config', {})),
  // Authenticated, and reads the database.
  orders_current: () => answered(post(agent, setup.port, setup.currentPath, { page: 1, size: 20 }, { token: setup.token })),
};

async function answered(reply: Promise<{ status: number }>): Promise<void> {
  const { status } = await reply;
  if (status !== 200) throw new Error(`HTTP ${status}`);
}

const running = new Map<number, Probing>();

process.on('message', (m: Message) => {
  if (m.type === 'start') return void running.set(m.id, probeEvery(m.everyMs, reads[m.read]));
  const probe = running.get(m.id);
  running.delete(m.id);
  void (probe?.stop() ?? Promise.resolve([])).then((latencies) => process.send!({ type: 'stopped', id: m.id, latencies }));
});
process.on('disconnect', () => process.exit(0));
process.send!({ type: 'ready' });
