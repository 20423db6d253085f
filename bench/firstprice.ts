/**
 * bench:firstprice — time to first price on /home: from navigation start until the first hot-pair
 * card or market row shows a real price (digits, not "—" or empty), in Chromium against the real
 * server, with the market makers on (the default) and off.
 *
 *   npm run bench:firstprice                # builds the client into a temporary folder
 *   npm run bench:firstprice -- dist        # serves an existing build
 *
 * Each mode gets a fresh data directory and server (server/main.ts as a child process, as `npm
 * start` runs it); each visit is a fresh browser context (no cache, no stored language or session).
 * One visit per mode warms the server up and is not counted. Besides the first price it prints when
 * every hot card has its price, and when the first value in the pricing currency ("≈ $…") shows.
 * FIRSTPRICE_RUNS (5) visits per mode; FIRSTPRICE_PORT (8351; benches use 8300–8399).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { build } from 'vite';
import { startServerProcess } from '../tests/system/serverProcess';

const root = resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.FIRSTPRICE_RUNS ?? 5);
const PORT = Number(process.env.FIRSTPRICE_PORT ?? 8351);

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
  /** ms from navigation start: the first card or row with a price (undefined: not within 20 s). */
  firstPrice?: number;
  /** ms: every hot-pair card has its price. */
  allCards?: number;
  /** ms: the first value in the pricing currency. */
  firstFiat?: number;
}

/**
 * Runs in the page before its own scripts: checks once per animation frame and records, in ms
 * from navigation start, when each condition first holds. A string, not a function: tsx would
 * wrap a function's inner functions in a helper the page does not have.
 */
const WATCH_PRICES = `(() => {
  // Shown, not merely rendered: the app is drawn under the splash before it is shown (display: none).
  const priced = (el) => !!el && el.checkVisibility() && /\\d/.test(el.textContent ?? '');
  const seen = {};
  const mark = (name, holds) => { if (holds && seen[name] === undefined) seen[name] = performance.now(); };
  const check = () => {
    const cards = [...document.querySelectorAll('[data-testid^="hot-price-"]')];
    // The home table's last-price column: the second cell of each row.
    const rows = [...document.querySelectorAll('table tbody tr')].map((row) => row.children[1]);
    mark('firstPrice', cards.some(priced) || rows.some(priced));
    mark('allCards', cards.length > 0 && cards.every(priced));
    mark('firstFiat', [...document.querySelectorAll('[data-testid^="hot-fiat-"], [data-testid^="fiat-"]')].some(priced));
    // Gives up after 20 s: what never happened is reported as missing.
    if (Object.keys(seen).length < 3 && performance.now() < 20000) requestAnimationFrame(check);
    else window.__firstPrice = seen;
  };
  requestAnimationFrame(check);
})();`;

/**
 * FIRSTPRICE_TIMING=1: where a visit's time went, from the browser's own timings (ms from navigation
 * start): the HTML's answer, each script's and API call's answer (`name start–end`), DOMContentLoaded.
 */
const TIMELINE = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const parts = ['html ' + Math.round(nav.responseEnd)];
  for (const r of performance.getEntriesByType('resource')) {
    const name = r.name.replace(/^.*\\/(assets\\/)?/, "").replace(/-[A-Za-z0-9_-]{8}\\.js$/, ".js");
    if (/\\.js$|\\/api\\//.test(r.name)) parts.push(name + " " + Math.round(r.startTime) + "–" + Math.round(r.responseEnd));
  }
  parts.push('DOMContentLoaded ' + Math.round(nav.domContentLoadedEventEnd));
  return parts.join(', ');
})()`;

/** One visit in a fresh context; the page itself records when each condition first holds, per animation frame. */
async function visit(browser: Browser, url: string): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(WATCH_PRICES);
    await page.goto(`${url}/home`);
    // Polled from here: waitForFunction compiles its function in the page, which the site's
    // Content Security Policy (no eval) refuses.
    let result: Visit | undefined;
    while (!(result = await page.evaluate(() => (window as unknown as { __firstPrice?: Visit }).__firstPrice))) await page.waitForTimeout(200);
    const ms = (value: number | undefined) => (value === undefined ? undefined : Math.round(value));
    if (process.env.FIRSTPRICE_TIMING === '1') console.log(`    ${await page.evaluate(TIMELINE)} → first price ${ms(result.firstPrice)}`);
    return { firstPrice: ms(result.firstPrice), allCards: ms(result.allCards), firstFiat: ms(result.firstFiat) };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
/** p50 and max of the visits where it happened, and how many visits it never happened in (within 20 s). */
function summary(found: (number | undefined)[]): string {
  const values = found.filter((v): v is number => v !== undefined);
  const missing = found.length - values.length;
  const figures = values.length ? `p50 ${String(median(values)).padStart(5)} ms, max ${String(Math.max(...values)).padStart(5)} ms` : 'never';
  return missing && values.length ? `${figures} (never in ${missing} of ${found.length})` : figures;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  console.log(`time to first price on /home, ${RUNS} fresh visits per mode (after one warm-up), Chromium headless, real server on port ${PORT}`);
  for (const makers of ['on', 'off'] as const) {
    const dataDir = mkdtempSync(join(tmpdir(), `openex-firstprice-${makers}-`));
    const server = await startServerProcess({ dataDir, port: PORT, env: { CLIENT_DIR: clientDir, MARKET_MAKERS: makers } });
    try {
      await visit(browser, server.url);
      const visits: Visit[] = [];
      for (let i = 0; i < RUNS; i++) visits.push(await visit(browser, server.url));
      console.log(`market makers ${makers} (load average ${loadavg()[0]!.toFixed(1)}):`);
      console.log(`  first price         ${summary(visits.map((v) => v.firstPrice))}   [${visits.map((v) => v.firstPrice ?? '–').join(', ')}]`);
      console.log(`  every hot card      ${summary(visits.map((v) => v.allCards))}`);
      console.log(`  first pricing value ${summary(visits.map((v) => v.firstFiat))}`);
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  await browser.close();
  if (temporary) rmSync(temporary, { recursive: true, force: true });
}
