/**
 * What each route of the built client loads, from Vite's manifest (dist/.vite/manifest.json):
 * the entry chunks (index.html has two scripts) and their static imports, plus each page's chunk and its static imports. Sizes
 * are gzip (level 9) and brotli of the files as served. Used by `npm run bench:bundle` and by
 * scripts/bundle/bundle.test.ts (the /home budget).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { RouteEntry } from '../../src/app/routeList';

export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface FileSize {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

export interface RouteLoad {
  route: RouteEntry;
  /** Every JS file the route needs before its page shows (entry closure + page closures). */
  files: FileSize[];
  /** Files beyond what the entry loads anyway: the route's own chunks. */
  own: FileSize[];
  total: Omit<FileSize, 'file'>;
}

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** Files of a chunk and everything it imports statically (what the browser fetches before it runs). */
export function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  return into;
}

/** The manifest key of a page's module: the dynamic entry whose file is named after the page's component. */
export function pageKey(manifest: Manifest, name: string): string {
  const keys = Object.keys(manifest).filter((key) => manifest[key]!.isDynamicEntry && /\/([^/]+)\.tsx?$/.exec(key)?.[1] === name);
  if (keys.length !== 1) {
    throw new Error(`page ${name}: expected one dynamic entry named ${name}.tsx in the manifest, found ${keys.length} (${keys.join(', ')}); a page's module must be named after its component and imported only inside page(() => import(...))`);
  }
  return keys[0]!;
}

/** index.html's scripts: the startup requests (src/services/startupRequests.ts) and the app (src/main.tsx). */
export function entryKeys(manifest: Manifest): string[] {
  const keys = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
  if (keys.length === 0) throw new Error('no entry chunk in the manifest');
  return keys;
}

export function sizeOf(distDir: string, file: string, cache = new Map<string, FileSize>()): FileSize {
  const known = cache.get(file);
  if (known) return known;
  const bytes = readFileSync(join(distDir, file));
  const size = {
    file,
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }).length,
  };
  cache.set(file, size);
  return size;
}

const sum = (files: FileSize[]) => files.reduce((t, f) => ({ raw: t.raw + f.raw, gzip: t.gzip + f.gzip, brotli: t.brotli + f.brotli }), { raw: 0, gzip: 0, brotli: 0 });

/** What every route loads. */
export function routeLoads(distDir: string, routes: RouteEntry[], manifest = readManifest(distDir)): { entry: FileSize[]; routes: RouteLoad[] } {
  const cache = new Map<string, FileSize>();
  const entryFiles = new Set<string>();
  for (const key of entryKeys(manifest)) closure(manifest, key, entryFiles);
  const entry = [...entryFiles].map((f) => sizeOf(distDir, f, cache));
  return {
    entry,
    routes: routes.map((route) => {
      const files = new Set(entryFiles);
      for (const name of route.pages) closure(manifest, pageKey(manifest, name), files);
      const all = [...files].map((f) => sizeOf(distDir, f, cache));
      return { route, files: all, own: all.filter((f) => !entryFiles.has(f.file)), total: sum(all) };
    }),
  };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
