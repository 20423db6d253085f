// npm start's client build, safe beside servers already running from the same checkout and beside
// other `npm start`s starting at the same moment (issue 53 §3):
// - Built once: the build is keyed by the content of everything it reads (clientKey.mjs). When
//   dist/ already holds the build of these sources, nothing is built and the server starts at once.
// - One build at a time: a lock file; a second `npm start` waits for the first's build and then
//   finds it done.
// - Never a moment without a complete client: Vite empties its output folder before writing
//   (issue 39), so the build goes to a folder of its own; each file then reaches dist/ by a rename
//   over the old one (atomic: a reader sees the old file or the new, never none) — the
//   content-hashed assets first, the entry pages last — and a page loaded before the build keeps
//   finding its old chunks. Chunks no build has written for a week are pruned; one another build
//   removed meanwhile is not an error.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { clientKey } from './clientKey.mjs';
import { withBuildLock } from './buildLock.mjs';

const OUT = 'dist';
const KEY_FILE = join(OUT, '.build-key');
const STAGING = `.dist-build-${process.pid}`;
const KEEP_OLD_ASSETS_MS = 7 * 24 * 3600 * 1000;

const built = (key) => existsSync(join(OUT, 'index.html')) && existsSync(KEY_FILE) && readFileSync(KEY_FILE, 'utf8').trim() === key;

/** Puts `from` at `to` by a rename in `to`'s folder, so `to` is never missing or half written. */
function place(from, to) {
  const temporary = `${to}.${process.pid}.tmp`;
  copyFileSync(from, temporary);
  renameSync(temporary, to);
}

const ignoreGone = (action) => {
  try {
    action();
  } catch (error) {
    if (error?.code !== 'ENOENT') throw error;
  }
};

async function buildInto(key) {
  try {
    // Vite loads only when there is something to build: a start with the client built skips its load too.
    const { build } = await import('vite');
    await build({ logLevel: 'warn', build: { outDir: STAGING, emptyOutDir: true } });
    mkdirSync(join(OUT, 'assets'), { recursive: true });
    const now = new Date();
    // Assets first: new names never clash with what a running page uses; a name already there is the same content.
    for (const file of readdirSync(join(STAGING, 'assets'))) {
      place(join(STAGING, 'assets', file), join(OUT, 'assets', file));
      utimesSync(join(OUT, 'assets', file), now, now);
    }
    // Then everything else (the manifest, index.html and its compressed copies), the entry last of all.
    const rest = readdirSync(STAGING, { withFileTypes: true }).filter((f) => f.name !== 'assets');
    const ordered = rest.sort((a, b) => Number(a.name === 'index.html') - Number(b.name === 'index.html'));
    for (const entry of ordered) {
      if (entry.isDirectory()) {
        mkdirSync(join(OUT, entry.name), { recursive: true });
        for (const file of readdirSync(join(STAGING, entry.name))) place(join(STAGING, entry.name, file), join(OUT, entry.name, file));
      } else place(join(STAGING, entry.name), join(OUT, entry.name));
    }
    writeFileSync(`${KEY_FILE}.${process.pid}.tmp`, `${key}\n`);
    renameSync(`${KEY_FILE}.${process.pid}.tmp`, KEY_FILE);
    // Old chunks a week unused by any build are gone; younger ones may still serve an open page.
    for (const file of readdirSync(join(OUT, 'assets'))) {
      const path = join(OUT, 'assets', file);
      ignoreGone(() => {
        if (now.getTime() - statSync(path).mtimeMs > KEEP_OLD_ASSETS_MS) rmSync(path);
      });
    }
  } finally {
    if (existsSync(STAGING)) rmSync(STAGING, { recursive: true, force: true });
  }
}

const started = Date.now();
const key = clientKey();
if (built(key)) {
  console.log(`client: already built (${key.slice(0, 12)}), ${Date.now() - started} ms`);
} else {
  await withBuildLock('.dist-build.lock', async () => {
    // Another start may have built these very sources while this one waited for the lock.
    if (built(key)) return console.log(`client: built by another start meanwhile (${key.slice(0, 12)})`);
    await buildInto(key);
    console.log(`client: built (${key.slice(0, 12)}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
}
