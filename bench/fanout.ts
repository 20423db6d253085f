/**
 * npm run bench:fanout — one server pushing ticks to 500 socket.io clients, each subscribed to 5
 * of 20 channels. The server (the real gateway, quiet market) runs here; the clients in a child
 * process. For several publish rates it prints messages delivered per second and the server's CPU
 * as a share of one core. Target: 25,000 messages/s at under 30 % of one core.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRODUCTS } from '../server/products/index.js';
import { setFrameCorking } from '../server/kernel/realtime/frameCorking.js';
import { startServer } from '../server/start.js';

const CLIENTS = 500;
const PER_CLIENT = 5;
const CHANNELS = ['btc', 'eth', 'sol', 'bnb', 'xrp', 'doge', 'ada', 'trx', 'ltc'].flatMap((c) => [`${c}_usdt_tick`, `${c}_usdt_depth`]).concat(['eth_btc_tick', 'eth_btc_depth']);
const SECONDS = 5;
// Messages per second per channel; the ramp stops once both modes fall behind (the saturation point).
const RATES = [5, 10, 20, 40, 80, 160];

const dataDir = mkdtempSync(join(tmpdir(), 'openex-fanout-'));
// Without the spot product: no market publishes on its own, so every message counted is the bench's.
const server = await startServer(
  { port: 0, host: '127.0.0.1', dataDir, databaseUrl: undefined, clientDir: join(dataDir, 'none'), logLevel: 'silent', marketMakers: false },
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
await ask('ready');
console.log(`${CLIENTS} clients connected, ${PER_CLIENT} of ${CHANNELS.length} channels each (${(CLIENTS * PER_CLIENT) / CHANNELS.length} subscribers per channel)`);

const tick = { pair: 'BTC_USDT', close: '96250.5', open: '95000', high: '97000', low: '94000', amount: '1234.56789', vol: '118826382.1', count: 12345, increase: '0.0131' };

/** One step: `rate` messages per second on every channel for SECONDS; delivered msg/s and server CPU. */
async function step(rate: number): Promise<{ delivered: number; published: number; cpuShare: number }> {
  const before = (await ask<{ received: number }>('count')).received;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let sent = 0;
  const interval = 1000 / rate;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      for (const channel of CHANNELS) server.realtime.publish(channel, { ...tick, seq: sent });
      sent += 1;
      if (performance.now() - t0 >= SECONDS * 1000) {
        clearInterval(timer);
        resolve();
      }
    }, interval);
  });
  const publishing = (performance.now() - t0) / 1000;
  await new Promise((r) => setTimeout(r, 300)); // let the last messages arrive
  const elapsed = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const received = (await ask<{ received: number }>('count')).received - before;
  // Let what a saturated step left queued drain before the next one starts.
  for (let i = 0; i < 20 && (await ask<{ received: number }>('count')).received !== before + received; i++) await new Promise((r) => setTimeout(r, 250));
  // CPU over the whole window including the drain, so the share is not flattered.
  // Offered: what the rate asks for; a loop that cannot publish that often has fallen behind too.
  return { delivered: received / publishing, published: rate * CLIENTS * PER_CLIENT, cpuShare: ((cpu.user + cpu.system) / 1e6 / elapsed) * 100 };
}

// Each rate runs twice back to back: with the gateway's frame corking (frameCorking.ts, the
// default) and with engine.io's plain transport (one write per frame), so the two share the load.
const MODES = [
  { name: 'corked', on: true },
  { name: 'plain ', on: false },
] as const;
const saturated = new Map<string, number>();
const sustained = new Map<string, number>();
for (const rate of RATES) {
  for (const mode of MODES) {
    if (saturated.has(mode.name)) continue;
    setFrameCorking(mode.on);
    const r = await step(rate);
    const keptUp = r.delivered >= 0.95 * r.published;
    console.log(
      `rate ${String(rate).padStart(3)}/s per channel, ${mode.name}: delivered ${Math.round(r.delivered).toLocaleString('en-US').padStart(7)} msg/s ` +
        `(offered ${Math.round(r.published).toLocaleString('en-US')}), server CPU ${r.cpuShare.toFixed(1)}% of one core, ` +
        `${r.cpuShare > 0 ? ((r.cpuShare / 100 / r.delivered) * 1e6).toFixed(1) : '?'} µs per message${keptUp ? '' : '  fell behind'}`,
    );
    if (keptUp) sustained.set(mode.name, Math.round(r.delivered));
    else saturated.set(mode.name, rate);
  }
  if (saturated.size === MODES.length) break;
}
setFrameCorking(true);
for (const mode of MODES) console.log(`saturation (${mode.name.trim()}): highest delivery kept up ${(sustained.get(mode.name) ?? 0).toLocaleString('en-US')} msg/s`);
child.send({ type: 'stop' });
await server.stop();
rmSync(dataDir, { recursive: true, force: true });
