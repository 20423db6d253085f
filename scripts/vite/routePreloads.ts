import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { closure, entryKeys, pageKey, readManifest, type Manifest } from '../bundle/report.js';
import { loadRouteTable, type RouteTableEntry } from '../bundle/routeTable.js';
import { ROUTE_PRELOADS_FILE, type RoutePreload } from '../../domain/routePreloads.js';

/** The rest of English, which every page but the shell's waits for (app/feature.tsx, locales/index.ts). */
const ENGLISH_REST = 'src/locales/catalogueFiles.ts';

/**
 * What opening each route fetches beyond the entry, in the order it asks: its pages' chunks and
 * their static imports; for a page that is not the shell's, its product's flows
 * (`load: () => import('./<product>.flows')`, app/feature.tsx) and the rest of English.
 */
export function routePreloads(manifest: Manifest, routes: RouteTableEntry[], base = '/'): RoutePreload[] {
  const entry = new Set<string>();
  for (const key of entryKeys(manifest)) closure(manifest, key, entry);
  return routes
    .filter((route) => !route.redirect)
    .map((route) => {
      const files = new Set<string>();
      const pages = route.pages.map((name) => pageKey(manifest, name));
      for (const key of pages) closure(manifest, key, files);
      if (!route.shell) {
        for (const key of pages) {
          const product = /^src\/features\/([^/]+)\//.exec(key)?.[1];
          const flows = product && `src/features/${product}/${product}.flows.ts`;
          if (flows && manifest[flows]?.isDynamicEntry) closure(manifest, flows, files);
        }
        closure(manifest, ENGLISH_REST, files);
      }
      return { pattern: route.pattern, gated: route.gated, files: [...files].filter((file) => !entry.has(file)).map((file) => `${base}${file}`) };
    });
}

/**
 * Writes route-preloads.json after a build with a manifest: the server names the opened route's
 * chunks in its HTML (`<link rel=modulepreload>`), so a phone fetches them beside the entry's
 * instead of a round trip after the entry has run (issue 55).
 */
export function routePreloadsFile(): Plugin {
  let outDir = 'dist';
  let root = process.cwd();
  let base = '/';
  let manifest = false;
  return {
    name: 'openex:route-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      root = config.root;
      base = config.base;
      // readManifest reads the default place only.
      manifest = config.build.manifest === true;
    },
    async closeBundle() {
      if (!manifest) return;
      const routes = await loadRouteTable(root);
      await writeFile(join(outDir, ROUTE_PRELOADS_FILE), JSON.stringify(routePreloads(readManifest(outDir), routes, base)));
    },
  };
}
