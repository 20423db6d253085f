/**
 * npm run bench:render — the order book component in real Chromium (Debian's) under 20 and 200
 * depth updates per second. Builds bench/render with Vite, serves it, and prints per frame the
 * time from the frame's flush to the committed DOM (machine update + render + commit), React's
 * render time alone, and the delay from a delta's arrival to its commit, p50 and p99. Updates are
 * coalesced per animation frame, so at 200/s there are at most ~60 commits a second.
 * Runs at 1× CPU, then again under a 4× CPU throttle (CDP Emulation.setCPUThrottlingRate, a slow
 * phone's CPU), and prints both. Targets (issue 12): render+commit p99 ≤ 3 ms at 1×, ≤ 8 ms at 4×.
 * `RENDER_THROTTLE=1` or `=4` runs one mode only.
 */
import { createReadStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import react from '@vitejs/plugin-react';

const root = join(import.meta.dirname, 'render');
const outDir = mkdtempSync(join(tmpdir(), 'openex-render-bench-'));
// React's production build ignores <Profiler>; its profiling build is production plus timings.
await build({
  root,
  base: './',
  plugins: [react()],
  logLevel: 'warn',
  resolve: { alias: [{ find: /^react-dom\/client$/, replacement: 'react-dom/profiling' }] },
  build: { outDir, emptyOutDir: true },
});

const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
const server = createServer((req, res) => {
  const path = join(outDir, (req.url ?? '/').split('?')[0] === '/' ? 'index.html' : (req.url ?? '').split('?')[0]!);
  if (!path.startsWith(outDir) || !existsSync(path)) return void res.writeHead(404).end();
  res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' });
  createReadStream(path).pipe(res);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as { port: number }).port;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
const page = await browser.newPage({ viewport: { width: 400, height: 900 } });
await page.goto(`http://127.0.0.1:${port}/`);
await page.waitForFunction(() => (window as unknown as { __bench?: unknown }).__bench !== undefined);

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const cdp = await page.context().newCDPSession(page);
const throttles = process.env.RENDER_THROTTLE ? [Number(process.env.RENDER_THROTTLE)] : [1, 4];
console.log('order book render benchmark: real OrderBookPanel + order-book machine, 50 levels a side, 15 shown, Chromium headless');
await page.evaluate(() => (window as unknown as { __bench: { run: (r: number, s: number) => Promise<unknown> } }).__bench.run(20, 1)); // warm-up
for (const rate of throttles) {
  // 1 is no throttle; 4 makes every task take four times as long (DevTools' "4× slowdown").
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  console.log(`${rate}× CPU${rate > 1 ? ' (Emulation.setCPUThrottlingRate)' : ''}:`);
  for (const updates of [20, 200]) {
    const result = await page.evaluate(
      (r) => (window as unknown as { __bench: { run: (r: number, s: number) => Promise<{ renders: number[]; latencies: number[]; frameWork: number[]; beforeRender: number[] }> } }).__bench.run(r, 8),
      updates,
    );
    console.log(
      `  ${String(updates).padStart(3)} updates/s: ${result.renders.length} commits; ` +
        `render+commit p50 ${pct(result.frameWork, 50).toFixed(2)} ms, p99 ${pct(result.frameWork, 99).toFixed(2)} ms ` +
        `(React render alone p50 ${pct(result.renders, 50).toFixed(2)}, p99 ${pct(result.renders, 99).toFixed(2)}; ` +
        `machine update before it p50 ${pct(result.beforeRender, 50).toFixed(2)}, p99 ${pct(result.beforeRender, 99).toFixed(2)}); ` +
        `delta arrival→commit p50 ${pct(result.latencies, 50).toFixed(1)} ms, p99 ${pct(result.latencies, 99).toFixed(1)} ms`,
    );
  }
}
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
await browser.close();
server.close();
rmSync(outDir, { recursive: true, force: true });
