// The server as one ES module: server/main.ts and everything it imports from server/ and domain/,
// bundled by esbuild (packages stay in node_modules). Node then loads one file instead of ~440
// TypeScript modules through tsx's loader: a start took 9.2 CPU-s and 7.2 s on a fresh data
// directory under tsx against 6.2–6.9 CPU-s and 4.9–5.5 s from the bundle on this 2-core machine
// (the import alone: 2.8 CPU-s under tsx), and every test, chaos node and `npm start` pays a start.
// - Built once per source: the build lives in a folder named by the SHA-256 of what it reads
//   (server/, domain/, the locked dependencies, this script); a start that finds it skips esbuild.
// - Safe beside other starts: each build is written to a staging folder and renamed into place
//   (a rename onto a finished build fails and the staging copy is dropped), so a reader sees a
//   whole build or none; builds of other sources unused for a day are pruned.
// - Files the server reads beside its modules (locales, migrations, help articles) stay where they
//   are: each module's import.meta.url / dirname / filename is replaced by its source file's.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { filesUnder, hashFiles } from './treeHash.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = join(ROOT, '.server-build');
const SOURCES = ['server', 'domain'];
// Every file below them, not only .ts: a JSON or text file a module comes to import is then part of the key too.
const FILES = ['package-lock.json', 'tsconfig.json', 'scripts/build-server.mjs'];
const UNUSED_FOR_MS = 24 * 3600 * 1000;

/** What the bundle is built from, as one hash: a changed, added or removed source makes a new build. */
export function serverKey() {
  const hash = createHash('sha256');
  const files = [...SOURCES.flatMap((folder) => filesUnder(join(ROOT, folder))), ...FILES.map((file) => join(ROOT, file))];
  hashFiles(hash, files, (file) => file.slice(ROOT.length));
  return hash.digest('hex').slice(0, 20);
}

/** Each module keeps its own location, so `new URL('./locales/', import.meta.url)` still finds its folder. */
const sourceLocations = {
  name: 'source-locations',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
      const text = await readFile(path, 'utf8');
      const contents = !text.includes('import.meta')
        ? text
        : text
            .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href))
            .replaceAll('import.meta.dirname', JSON.stringify(dirname(path)))
            .replaceAll('import.meta.filename', JSON.stringify(path));
      return { contents, loader: 'ts' };
    });
  },
};

function pruneOthers(out, keep) {
  for (const entry of readdirSync(out, { withFileTypes: true })) {
    const path = join(out, entry.name);
    if (path === keep || !entry.isDirectory()) continue;
    try {
      if (Date.now() - statSync(path).mtimeMs > UNUSED_FOR_MS) rmSync(path, { recursive: true, force: true });
    } catch {
      // removed by another start meanwhile
    }
  }
}

/** The bundle's entry file for the sources as they are now, built if it is not there yet (`out`: another folder, for the tests). */
export async function serverEntry(out = OUT) {
  const folder = join(out, serverKey());
  const entry = join(folder, 'main.mjs');
  if (existsSync(entry)) {
    const now = new Date();
    utimesSync(folder, now, now);
    return entry;
  }
  // esbuild loads only when there is something to build.
  const { build } = await import('esbuild');
  const staging = join(out, `.staging-${randomUUID()}`);
  await build({
    // The password estimate's thread (server/kernel/platform/auth/passwordStrength) is an entry of its own beside main.mjs.
    entryPoints: { main: join(ROOT, 'server/main.ts'), passwordStrengthWorker: join(ROOT, 'server/kernel/platform/auth/passwordStrength/worker.ts') },
    outdir: staging,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    // Stack traces map to the sources' lines without their text: the text (~3 MB) was held in the heap of every server.
    sourcesContent: false,
    plugins: [sourceLocations],
    logLevel: 'warning',
  });
  try {
    renameSync(staging, folder);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(entry)) throw error;
  }
  pruneOthers(out, folder);
  return entry;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(await serverEntry());
