// What the build keys (scripts/build-server.mjs, scripts/clientKey.mjs) share: a build is reused
// only while the files it reads are byte for byte the same, so each key hashes a tree of files.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every file below `folder` (none when it is missing), node_modules left out. */
export function filesUnder(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(path);
    return entry.isFile() ? [path] : [];
  });
}

/**
 * Feeds `files` into `hash` in sorted order, each as its name (`name(file)`: what the key may depend on,
 * not where the checkout is) and its content: a changed, added, removed or renamed file changes the hash.
 */
export function hashFiles(hash, files, name = (file) => file) {
  for (const file of [...files].sort()) {
    hash.update(`${name(file)}\0`);
    hash.update(readFileSync(file));
    hash.update('\0');
  }
}
