import { fork } from 'node:child_process';
import { join } from 'node:path';
import { closeClient, loadClient, loadClientKind, ms, openLoop, percentile, post, stepHeader, stepLine, withCpu, type Outcome, type StepResult } from './load.js';
import { children } from './children.js';
import { CONNECTIONS, PLAIN_RATES, STEP_SECONDS } from './settings.js';

export const summary = (sorted: number[]) => `p50 ${ms(percentile(sorted, 50))} / p99 ${ms(percentile(sorted, 99))} / max ${ms(sorted.at(-1) ?? NaN)} ms (n=${sorted.length})`;

/** Steps up through `rates` until one does not sustain, then one step halfway back. */
export async function ramp(rates: number[], run: (rate: number) => Promise<StepResult & { cpu: number }>, timeLeft: () => number): Promise<number> {
  let best = 0;
  let failed: number | undefined;
  for (const rate of rates) {
    if (timeLeft() < (STEP_SECONDS + 8) * 1000) {
      console.log(`  (stopping: time budget)`);
      return best;
    }
    const r = await run(rate);
    if (r.sustained) best = rate;
    else {
      failed = rate;
      break;
    }
  }
  if (failed !== undefined && best > 0 && timeLeft() >= (STEP_SECONDS + 8) * 1000) {
    const middle = Math.round((best + failed) / 2 / 50) * 50;
    if (middle > best && middle < failed) {
      const r = await run(middle);
      if (r.sustained) best = middle;
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// The ceiling of this machine: a plain fastify server, same client, same connections.

export async function plainCeiling(): Promise<{ rate: number; cpuAtBest: number }> {
  const child = fork(join(import.meta.dirname, 'plainServer.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  children.add(child);
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`plain server exited with ${code}`)));
  });
  const agent = loadClient(port, CONNECTIONS);
  const cpuByRate = new Map<number, number>();
  console.log(`\nplain fastify (trivial POST /api/echo answering JSON), ${CONNECTIONS} keep-alive connections (${loadClientKind} client), ${STEP_SECONDS} s steps`);
  console.log(stepHeader);
  const started = Date.now();
  const rate = await ramp(
    PLAIN_RATES,
    async (rate) => {
      const { result, cpu, waiting } = await withCpu(child.pid, () =>
        openLoop(rate, STEP_SECONDS, async (i): Promise<Outcome> => {
          const reply = await post(agent, port, '/api/echo', { n: i });
          return reply.status === 200 ? { kind: 'ok' } : { kind: 'error', msg: `HTTP ${reply.status}` };
        }),
      );
      cpuByRate.set(rate, cpu);
      console.log(stepLine(result, cpu, waiting) + (result.sustained ? '' : '  not sustained'));
      if (result.errorSamples.length > 0) console.log(`    first errors: ${result.errorSamples.join(' | ')}`);
      return { ...result, cpu };
    },
    () => 60_000 - (Date.now() - started),
  );
  closeClient(agent);
  child.kill('SIGTERM');
  console.log(`plain fastify ceiling: ${rate} requests/s sustained`);
  return { rate, cpuAtBest: cpuByRate.get(rate) ?? NaN };
}
