/**
 * bench:bundle — what each route of the built client loads, gzip and brotli.
 *
 *   npm run bench:bundle                # builds into a temporary folder, then reports
 *   npm run bench:bundle -- dist        # reports on an existing build (reads dist/.vite/manifest.json)
 *
 * Prints what /home loads (the entry chunk, its static imports and the home page's chunks), then
 * for every route of the route table its own chunks (beyond the entry) and its total; the last
 * line is `home gzip: N KB` (scripts/bundle/bundle.test.ts holds it under its budget).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { kb, routeLoads, type FileSize } from '../scripts/bundle/report';
import { loadRouteTable } from '../scripts/bundle/routeTable';

const root = resolve(import.meta.dirname, '..');
const given = process.argv[2];
let distDir: string;
let temporary: string | undefined;
if (given) {
  distDir = resolve(given);
  if (!existsSync(join(distDir, '.vite', 'manifest.json'))) throw new Error(`${distDir}/.vite/manifest.json not found: build with the manifest on (vite.config.ts has it)`);
} else {
  temporary = mkdtempSync(join(tmpdir(), 'openex-bundle-'));
  distDir = temporary;
  await build({ root, logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true } });
}

const table = (files: FileSize[]) =>
  files
    .slice()
    .sort((a, b) => b.gzip - a.gzip)
    .map((f) => `  ${kb(f.gzip).padStart(10)} gz ${kb(f.brotli).padStart(10)} br ${kb(f.raw).padStart(11)} raw  ${f.file}`)
    .join('\n');

try {
  const routes = (await loadRouteTable(root)).filter((r) => !r.redirect);
  const { entry, routes: loads } = routeLoads(distDir, routes);
  const home = loads.find((l) => l.route.path === '/home');
  if (!home) throw new Error('no /home route in the route table');
  console.log(`/home loads ${home.files.length} JS files:`);
  console.log(table(home.files));
  console.log(`  total ${kb(home.total.gzip)} gz, ${kb(home.total.brotli)} br, ${kb(home.total.raw)} raw (entry and its imports: ${entry.length} files)\n`);

  console.log('per route: own chunks beyond the entry (gz) · total the route loads (gz)');
  for (const load of loads) {
    const own = load.own.reduce((t, f) => t + f.gzip, 0);
    console.log(`  ${load.route.pattern.padEnd(34)} ${kb(own).padStart(9)} · ${kb(load.total.gzip).padStart(9)}  ${load.own.map((f) => f.file.replace(/^assets\//, '')).join(' ')}`);
  }
  console.log(`\nhome gzip: ${kb(home.total.gzip)}`);
} finally {
  if (temporary) rmSync(temporary, { recursive: true, force: true });
}
