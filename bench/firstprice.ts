/**
 * bench:firstprice — time to the first price on /home and on the spot trade page, in Chromium
 * against the real server, cold cache, under CDP network emulation: unthrottled, DevTools' "Fast 3G"
 * and 9 Mbps/60 ms (bench/firstprice/profiles.ts has the figures and where they come from).
 *
 *   npm run bench:firstprice                # builds the client into a temporary folder
 *   npm run bench:firstprice -- dist        # serves an existing build
 *
 * Per page and profile it prints the median and range of: the first price shown (any: one the
 * server wrote into the HTML counts), the first price the app itself shows, the JavaScript on the
 * wire before the first price (bytes as transferred, and how many scripts), and on the trade page
 * the first order-book row and the first candle. The page's own watcher (firstprice/watch.ts) marks
 * each moment on the animation frame it holds; CDP's Network events (firstprice/network.ts) say
 * what had arrived by then. Each visit is a fresh browser context (no cache, nothing stored); one
 * unthrottled visit per page warms the server up and is not counted.
 *
 * FIRSTPRICE_RUNS (3) visits per page and profile; FIRSTPRICE_MAKERS (`on`; `on,off` for both);
 * FIRSTPRICE_PROFILES (a comma list of words in the profile names, e.g. `3G`); FIRSTPRICE_TIMING=1
 * prints each visit's waterfall up to the app's first price; FIRSTPRICE_PORT (8351; benches use 8300–8399).
 * FIRSTPRICE_VIA=nginx-h2 visits through nginx with docs/deploy/nginx.conf's HTTPS and HTTP/2 lines
 * (firstprice/nginx.ts) on FIRSTPRICE_TLS_PORT (8443), its plain listener on FIRSTPRICE_PORT + 1.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { build } from 'vite';
import { startServerProcess } from '../tests/system/serverProcess';
import { startNginxH2 } from './firstprice/nginx';
import { recordNetwork, scriptsBefore, waterfall, type Arrived } from './firstprice/network';
import { PROFILES, type NetworkProfile } from './firstprice/profiles';
import { watchScript, type Mark } from './firstprice/watch';

const root = resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.FIRSTPRICE_RUNS ?? 3);
const PORT = Number(process.env.FIRSTPRICE_PORT ?? 8351);
const MAKERS = (process.env.FIRSTPRICE_MAKERS ?? 'on').split(',') as ('on' | 'off')[];
const wanted = process.env.FIRSTPRICE_PROFILES?.split(',');
const profiles = wanted ? PROFILES.filter((p) => wanted.some((w) => p.name.includes(w))) : PROFILES;
const TIMING = process.env.FIRSTPRICE_TIMING === '1';
const VIA = process.env.FIRSTPRICE_VIA ?? 'node';
if (VIA !== 'node' && VIA !== 'nginx-h2') throw new Error(`FIRSTPRICE_VIA=${VIA}: node or nginx-h2`);
const TLS_PORT = Number(process.env.FIRSTPRICE_TLS_PORT ?? 8443);

const PAGES = [
  { kind: 'home', path: '/home', marks: ['firstPrice', 'appPrice'] },
  { kind: 'trade', path: '/markets/kline/BTC_USDT', marks: ['firstPrice', 'appPrice', 'firstBook', 'firstCandle'] },
] as const satisfies { kind: 'home' | 'trade'; path: string; marks: Mark[] }[];

const given = process.argv[2];
let clientDir: string;
let temporary: string | undefined;
if (given) {
  clientDir = resolve(given);
  if (!existsSync(join(clientDir, 'index.html'))) throw new Error(`${clientDir}/index.html not found: build the client first`);
} else {
  temporary = mkdtempSync(join(tmpdir(), 'openex-firstprice-client-'));
  clientDir = temporary;
  await build({ root, logLevel: 'warn', build: { outDir: clientDir, emptyOutDir: true } });
}

interface Visit {
  /** ms from navigation start per mark (undefined: not within 30 s). */
  marks: Partial<Record<Mark, number>>;
  /** The JavaScript that had arrived by the first price. */
  js?: Arrived;
}

/** One visit in a fresh context under `profile`. */
async function visit(browser: Browser, url: string, page: (typeof PAGES)[number], profile: NetworkProfile): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, ignoreHTTPSErrors: VIA === 'nginx-h2' });
  try {
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    const log = await recordNetwork(cdp);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: profile.latency, downloadThroughput: profile.download, uploadThroughput: profile.upload });
    await tab.addInitScript(watchScript(page.kind));
    await tab.goto(`${url}${page.path}`, { timeout: 60_000 });
    // Polled from here: waitForFunction compiles its function in the page, which the site's
    // Content Security Policy (no eval) refuses.
    type Seen = { seen: Partial<Record<Mark, number>>; origin: number };
    let result: Seen | undefined;
    while (!(result = await tab.evaluate(() => (window as unknown as { __firstPrice?: Seen }).__firstPrice))) await tab.waitForTimeout(200);
    const marks = Object.fromEntries(Object.entries(result.seen).map(([name, at]) => [name, Math.round(at - result.origin)])) as Visit['marks'];
    const first = result.seen.firstPrice;
    const app = result.seen.appPrice;
    if (TIMING && app !== undefined) console.log(`    visit: first price ${marks.firstPrice} ms, the app's ${marks.appPrice} ms; requests sent before the app's (sent–finished ms, * after it):\n${waterfall(log, app)}`);
    return { marks, js: first === undefined ? undefined : scriptsBefore(log, first) };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
/** Median and range of the visits where it happened, and in how many it never did. */
function summary(found: (number | undefined)[], unit = 'ms'): string {
  const values = found.filter((v): v is number => v !== undefined);
  if (!values.length) return 'never';
  const missing = found.length - values.length;
  const text = `${String(median(values)).padStart(5)} ${unit} (${Math.min(...values)}–${Math.max(...values)})`;
  return missing ? `${text}, never in ${missing} of ${found.length}` : text;
}

const LABELS: Record<Mark, string> = { firstPrice: 'first price', appPrice: "app's first price", firstBook: 'first book row', firstCandle: 'first candle' };

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', ...(VIA === 'nginx-h2' ? ['--ignore-certificate-errors'] : [])],
});
try {
  console.log(`first price, cold cache, ${RUNS} fresh visits per page and profile (median, range), Chromium headless, real server on port ${PORT}${VIA === 'nginx-h2' ? `, through nginx (HTTPS, HTTP/2) on ${TLS_PORT}` : ''}`);
  for (const makers of MAKERS) {
    const dataDir = mkdtempSync(join(tmpdir(), `openex-firstprice-${makers}-`));
    const server = await startServerProcess({ dataDir, port: PORT, env: { CLIENT_DIR: clientDir, MARKET_MAKERS: makers } });
    const proxy = VIA === 'nginx-h2' ? await startNginxH2(PORT, TLS_PORT, PORT + 1) : undefined;
    const url = proxy?.url ?? server.url;
    try {
      for (const page of PAGES) await visit(browser, url, page, PROFILES[0]!);
      for (const profile of profiles) {
        for (const page of PAGES) {
          const visits: Visit[] = [];
          for (let i = 0; i < RUNS; i++) visits.push(await visit(browser, url, page, profile));
          console.log(`${page.path} · ${profile.name} · market makers ${makers} (load average ${loadavg()[0]!.toFixed(1)}):`);
          for (const mark of page.marks) console.log(`  ${LABELS[mark].padEnd(20)} ${summary(visits.map((v) => v.marks[mark]))}   [${visits.map((v) => v.marks[mark] ?? '–').join(', ')}]`);
          const kb = visits.map((v) => (v.js ? Math.round(v.js.bytes / 1000) : undefined));
          console.log(`  ${'JS before it'.padEnd(20)} ${summary(kb, 'KB')}   scripts whole ${summary(visits.map((v) => v.js?.scripts), '')}, arriving ${summary(visits.map((v) => v.js?.inFlight), '')}`);
        }
      }
    } finally {
      proxy?.stop();
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  await browser.close();
  if (temporary) rmSync(temporary, { recursive: true, force: true });
}
