// What the client build reads, as one SHA-256: its sources, the shared domain code, the build's
// configuration and plugins, the locked dependency versions, and the VITE_* settings. Two checkouts
// with the same key build the same client, so scripts/build-client.mjs builds only for a new key.
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { filesUnder, hashFiles } from './treeHash.mjs';

const FOLDERS = ['src', 'domain', 'public', 'scripts/vite'];
const FILES = ['index.html', 'vite.config.ts', 'package.json', 'package-lock.json', 'tsconfig.json', 'scripts/build-client.mjs'];

export function clientKey(root = '.') {
  const hash = createHash('sha256');
  const files = [...FOLDERS.flatMap((folder) => filesUnder(join(root, folder))), ...FILES.map((file) => join(root, file)).filter((file) => existsSync(file) && statSync(file).isFile())];
  hashFiles(hash, files);
  const settings = Object.entries(process.env).filter(([name]) => name.startsWith('VITE_') || name === 'NODE_ENV').sort(([a], [b]) => a.localeCompare(b));
  hash.update(JSON.stringify(settings));
  return hash.digest('hex');
}
