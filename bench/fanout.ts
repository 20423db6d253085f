/**
 * npm run bench:fanout — one server pushing ticks to 500 socket.io clients, each subscribed to 5
 * of 20 channels. The server (the real gateway, quiet market) runs here; the clients in a child
 * process. For several publish rates it prints messages delivered per second and the server's CPU
 * as a share of one core, and the saturation point. Targets (issue 12): 25,000 messages/s at
 * at most 20 % of one core; delivery kept up to 120,000 messages/s or more.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRODUCTS } from '../server/products/index.js';
import { setPushCoalescing } from '../server/kernel/platform/realtime/pushCoalescer.js';
import { startServer } from '../server/start.js';

const CLIENTS = Number(process.env.FANOUT_CLIENTS ?? 500);
const PER_CLIENT = 5;
const CHANNELS = ['btc', 'eth', 'sol', 'bnb', 'xrp', 'doge', 'ada', 'trx', 'ltc'].flatMap((c) => [`${c}_usdt_tick`, `${c}_usdt_depth`]).concat(['eth_btc_tick', 'eth_btc_depth']);
const SECONDS = 5;
// Messages per second per channel; the ramp stops once both modes fall behind (the saturation point).
const RATES = [5, 10, 20, 40, 50, 80, 120, 160, 240, 320];

const dataDir = mkdtempSync(join(tmpdir(), 'openex-fanout-'));
// Without the spot product: no market publishes on its own, so every message counted is the bench's.
const server = await startServer(
  // Every client is on this machine's address: no per-address cap.
  { port: 0, host: '127.0.0.1', dataDir, databaseUrl: undefined, clientDir: join(dataDir, 'none'), logLevel: 'silent', marketMakers: false, socketsPerAddress: 0 },
  PRODUCTS.filter((product) => product.id !== 'spot'),
);

const child = fork(join(import.meta.dirname, 'fanout-clients.ts'), [server.url, String(CLIENTS), String(PER_CLIENT), CHANNELS.join(',')], {
  execArgv: ['--import', 'tsx'],
});
const ask = <T>(type: string) =>
  new Promise<T>((resolve) => {
    const onMessage = (m: { type: string } & T) => {
      if (m.type === type || (type === 'ready' && m.type === 'ready')) {
        child.off('message', onMessage);
        resolve(m);
      }
    };
    child.on('message', onMessage);
    if (type !== 'ready') child.send({ type });
  });
const { kind } = await ask<{ kind: string }>('ready');
console.log(`${CLIENTS} ${kind} clients connected, ${PER_CLIENT} of ${CHANNELS.length} channels each (${(CLIENTS * PER_CLIENT) / CHANNELS.length} subscribers per channel)`);

const tick = { pair: 'BTC_USDT', close: '96250.5', open: '95000', high: '97000', low: '94000', amount: '1234.56789', vol: '118826382.1', count: 12345, increase: '0.0131' };

/** One step: `rate` messages per second on every channel for SECONDS; delivered msg/s and server CPU. */
type Count = { received: number; cpu: NodeJS.CpuUsage };
const cpuSeconds = (c: NodeJS.CpuUsage) => (c.user + c.system) / 1e6;

async function step(rate: number): Promise<{ delivered: number; published: number; sent: number; cpuShare: number; clientCpuShare: number }> {
  const first = await ask<Count>('count');
  const before = first.received;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let sent = 0;
  const interval = 1000 / rate;
  // Open loop: round n is due at n / rate. A timer that fires late (a busy machine) catches up with
  // one round per turn, so what is offered is what the rate says, and each round stays one turn.
  await new Promise<void>((resolve) => {
    const catchUp = () => {
      const elapsed = performance.now() - t0;
      if (elapsed >= SECONDS * 1000) {
        clearInterval(timer);
        return resolve();
      }
      if (sent >= Math.floor((elapsed / 1000) * rate) + 1) return;
      for (const channel of CHANNELS) server.realtime.publish(channel, { ...tick, seq: sent });
      sent += 1;
      setImmediate(catchUp);
    };
    const timer = setInterval(catchUp, interval);
  });
  const publishing = (performance.now() - t0) / 1000;
  await new Promise((r) => setTimeout(r, 300)); // let the last messages arrive
  const elapsed = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const last = await ask<Count>('count');
  const received = last.received - before;
  const clientCpuShare = ((cpuSeconds(last.cpu) - cpuSeconds(first.cpu)) / ((performance.now() - t0) / 1000)) * 100;
  // Let what a saturated step left queued drain before the next one starts.
  for (let i = 0; i < 20 && (await ask<Count>('count')).received !== before + received; i++) await new Promise((r) => setTimeout(r, 250));
  // CPU over the whole window including the drain, so the share is not flattered.
  // Offered: what the rate asks for; a loop that cannot publish that often has fallen behind too.
  return { delivered: received / publishing, published: rate * CLIENTS * PER_CLIENT, sent: (sent * CLIENTS * PER_CLIENT) / publishing, cpuShare: (cpuSeconds(cpu) / elapsed) * 100, clientCpuShare };
}

// Each rate runs twice back to back: with the gateway's push coalescing (pushCoalescer.ts, the
// default: one packet per socket per turn) and without it (a packet per message per socket, the
// gateway before it, frame corking on in both), so the two share the machine's load.
const MODES = [
  { name: 'coalesced  ', on: true },
  { name: 'per message', on: false },
] as const;
const saturated = new Map<string, number>();
const sustained = new Map<string, number>();
for (const rate of RATES) {
  for (const mode of MODES) {
    if (saturated.has(mode.name)) continue;
    setPushCoalescing(mode.on);
    const r = await step(rate);
    const keptUp = r.delivered >= 0.95 * r.published;
    console.log(
      `rate ${String(rate).padStart(3)}/s per channel, ${mode.name}: delivered ${Math.round(r.delivered).toLocaleString('en-US').padStart(7)} msg/s ` +
        `(offered ${Math.round(r.published).toLocaleString('en-US')}, published ${Math.round(r.sent).toLocaleString('en-US')}), server CPU ${r.cpuShare.toFixed(1)}% of one core, ` +
        `${r.cpuShare > 0 ? ((r.cpuShare / 100 / r.delivered) * 1e6).toFixed(1) : '?'} µs per message; clients ${r.clientCpuShare.toFixed(0)}%${keptUp ? '' : '  fell behind'}`,
    );
    if (keptUp) sustained.set(mode.name, Math.round(r.delivered));
    else saturated.set(mode.name, rate);
  }
  if (saturated.size === MODES.length) break;
}
setPushCoalescing(true);
for (const mode of MODES) console.log(`saturation (${mode.name.trim()}): highest delivery kept up ${(sustained.get(mode.name) ?? 0).toLocaleString('en-US')} msg/s`);
child.send({ type: 'stop' });
await server.stop();
rmSync(dataDir, { recursive: true, force: true });
