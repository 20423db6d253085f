// npm start's client build, safe beside a server already running from the same checkout: Vite
// empties its output folder before writing, so building straight into dist/ made that server
// answer 404 for every page and chunk until the build ended (issue 39). The build goes to a
// folder of its own; then its files are added to dist/ — the content-hashed assets first, the
// entry pages last — so at every moment dist/ holds a complete client, and a page loaded before
// the build keeps finding its old chunks. Chunks no page has referenced for a week are pruned.
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';

const OUT = 'dist';
const STAGING = `.dist-build-${process.pid}`;
const KEEP_OLD_ASSETS_MS = 7 * 24 * 3600 * 1000;

try {
  await build({ logLevel: 'warn', build: { outDir: STAGING, emptyOutDir: true } });
  mkdirSync(join(OUT, 'assets'), { recursive: true });
  const now = new Date();
  // Assets first: new names never clash with what a running page uses; a name already there is the same content.
  for (const file of readdirSync(join(STAGING, 'assets'))) {
    cpSync(join(STAGING, 'assets', file), join(OUT, 'assets', file));
    utimesSync(join(OUT, 'assets', file), now, now);
  }
  // Then everything else (the manifest, index.html and its compressed copies), the entry last of all.
  const rest = readdirSync(STAGING).filter((f) => f !== 'assets').sort((a, b) => Number(a === 'index.html') - Number(b === 'index.html'));
  for (const file of rest) cpSync(join(STAGING, file), join(OUT, file), { recursive: true });
  // Old chunks a week unused by any build are gone; younger ones may still serve an open page.
  for (const file of readdirSync(join(OUT, 'assets'))) {
    const path = join(OUT, 'assets', file);
    if (now.getTime() - statSync(path).mtimeMs > KEEP_OLD_ASSETS_MS) rmSync(path);
  }
} finally {
  if (existsSync(STAGING)) rmSync(STAGING, { recursive: true, force: true });
}
