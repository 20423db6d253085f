/**
 * bench:idle — what a page costs the browser while a trader only watches it: the renderer's busy
 * time per second (CDP Performance metrics: TaskDuration, ScriptDuration) over 10 s with the page
 * open and untouched, after 5 s to settle, in Chromium against the real server with its market
 * makers on (ticks arrive all the time). Every page of the list in a fresh context.
 *
 *   npm run bench:idle                       # builds the client into a temporary folder
 *   npm run bench:idle -- dist               # serves an existing build
 *   npm run bench:idle -- /tmp/old /tmp/new  # two builds side by side (first as the peer), with the ratio
 *
 * With two builds, both servers run at once and the pages are visited in turn (old, new, old, …),
 * so a busy machine weighs on both alike. IDLE_PAGES (comma-separated paths), IDLE_PORT (8361; benches
 * use 8300–8399; the second build gets the next port).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { build } from 'vite';
import { startServerProcess, type ServerProcess } from '../tests/system/serverProcess';

const root = resolve(import.meta.dirname, '..');
const PORT = Number(process.env.IDLE_PORT ?? 8361);
const PAGES = (process.env.IDLE_PAGES ?? '/home,/markets,/markets/kline/BTC_USDT,/contract/btc_usdt,/contract_sec/btc_usdt,/deal,/login').split(',');
const SETTLE_MS = 5_000;
const WATCH_MS = 10_000;

const temporary: string[] = [];
const clientDirs = process.argv.slice(2).map((given) => {
  const dir = resolve(given);
  if (!existsSync(join(dir, 'index.html'))) throw new Error(`${dir}/index.html not found: build the client first`);
  return dir;
});
if (clientDirs.length === 0) {
  const dir = mkdtempSync(join(tmpdir(), 'openex-idle-client-'));
  temporary.push(dir);
  await build({ root, logLevel: 'warn', build: { outDir: dir, emptyOutDir: true } });
  clientDirs.push(dir);
}

interface Cost {
  /** ms of renderer task time per second of watching. */
  task: number;
  /** ms of script per second. */
  script: number;
  layoutsPerSecond: number;
}

async function watch(browser: Browser, url: string): Promise<Cost> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(url);
    await page.waitForTimeout(SETTLE_MS);
    const read = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
    const before = await read();
    await page.waitForTimeout(WATCH_MS);
    const after = await read();
    const perSecond = (name: string) => ((after[name]! - before[name]!) * 1000) / (WATCH_MS / 1000);
    return { task: perSecond('TaskDuration'), script: perSecond('ScriptDuration'), layoutsPerSecond: (after.LayoutCount! - before.LayoutCount!) / (WATCH_MS / 1000) };
  } finally {
    await context.close();
  }
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
const servers: ServerProcess[] = [];
const dataDirs: string[] = [];
try {
  for (const [i, clientDir] of clientDirs.entries()) {
    const dataDir = mkdtempSync(join(tmpdir(), `openex-idle-${i}-`));
    dataDirs.push(dataDir);
    servers.push(await startServerProcess({ dataDir, port: PORT + i, env: { CLIENT_DIR: clientDir } }));
  }
  console.log(`renderer busy time per second, a page open and untouched for ${WATCH_MS / 1000} s (after ${SETTLE_MS / 1000} s), market makers on, Chromium headless`);
  console.log(clientDirs.map((dir, i) => `  build ${i + 1}: ${dir}`).join('\n'));
  const header = clientDirs.length === 2 ? 'page                      build 1 task/script     build 2 task/script     build 2 / build 1' : 'page                      task ms/s  script ms/s  layouts/s';
  console.log(header);
  for (const path of PAGES) {
    const costs: Cost[] = [];
    for (const server of servers) costs.push(await watch(browser, server.url + path));
    const figure = (c: Cost) => `${c.task.toFixed(0).padStart(5)} / ${c.script.toFixed(0).padStart(4)} ms/s`;
    if (costs.length === 2) console.log(`${path.padEnd(26)}${figure(costs[0]!).padEnd(24)}${figure(costs[1]!).padEnd(24)}×${(costs[1]!.task / costs[0]!.task).toFixed(2)}`);
    else console.log(`${path.padEnd(26)}${costs[0]!.task.toFixed(0).padStart(9)}  ${costs[0]!.script.toFixed(0).padStart(11)}  ${costs[0]!.layoutsPerSecond.toFixed(1).padStart(9)}`);
  }
  console.log(`load average at the end: ${loadavg()[0]!.toFixed(1)}`);
} finally {
  await browser.close();
  for (const server of servers) await server.stop();
  for (const dir of [...dataDirs, ...temporary]) rmSync(dir, { recursive: true, force: true });
}
