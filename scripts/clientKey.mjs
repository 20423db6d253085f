// What the client build reads, as one SHA-256: its sources, the shared domain code, the build's
// configuration and plugins, the locked dependency versions, and the VITE_* settings. Two checkouts
// with the same key build the same client, so scripts/build-client.mjs builds only for a new key.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const FOLDERS = ['src', 'domain', 'public', 'scripts/vite'];
const FILES = ['index.html', 'vite.config.ts', 'package.json', 'package-lock.json', 'tsconfig.json', 'scripts/build-client.mjs'];

function filesUnder(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(path);
    return entry.isFile() ? [path] : [];
  });
}

export function clientKey(root = '.') {
  const hash = createHash('sha256');
  const files = [...FOLDERS.flatMap((folder) => filesUnder(join(root, folder))), ...FILES.map((file) => join(root, file)).filter((file) => existsSync(file) && statSync(file).isFile())];
  for (const file of files.sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  const settings = Object.entries(process.env).filter(([name]) => name.startsWith('VITE_') || name === 'NODE_ENV').sort(([a], [b]) => a.localeCompare(b));
  hash.update(JSON.stringify(settings));
  return hash.digest('hex');
}
