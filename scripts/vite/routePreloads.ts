import { statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { closure, entryKeys, pageKey, readManifest, type Manifest } from '../bundle/report.js';
import { loadRouteTable, type RouteTableEntry } from '../bundle/routeTable.js';
import { ROUTE_PRELOADS_FILE, type RoutePreload } from '../../domain/routePreloads.js';
import { companionFlows, lazyParts, pageModules, type ModuleGraph } from './moduleGraph.js';

/** The rest of English, which every page but the shell's waits for (app/feature.tsx, locales/index.ts). */
const ENGLISH_REST = 'src/locales/catalogueFiles.ts';

/**
 * What opening each route fetches beyond the entry: its pages' chunks and
 * their static imports; for a page that is not the shell's, its product's flows
 * (`load: () => import('./<product>.flows')`, app/feature.tsx), the flows its loader fetches beside
 * it (`companions`: page key → flows keys, moduleGraph.ts's companionFlows; withPairMarket's
 * markets flows came a round after the entry had run) and the rest of English. `size`: a file's
 * bytes, for the order. `lazyParts`: page key → the keys of the parts it loads lazily but draws at
 * once (moduleGraph.ts's lazyParts: the trade pages' chart), named after everything else, so they
 * start early without taking the line from what the page waits for (issue 55: its price and book
 * no longer wait for the chart library).
 */
export function routePreloads(
  manifest: Manifest,
  routes: RouteTableEntry[],
  base = '/',
  companions: (pageKey: string) => string[] = () => [],
  size: (file: string) => number = () => 0,
  lazyParts: (pageKey: string) => string[] = () => [],
): RoutePreload[] {
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
          for (const companion of companions(key)) if (manifest[companion]?.isDynamicEntry) closure(manifest, companion, files);
        }
        closure(manifest, ENGLISH_REST, files);
      }
      // The pages' own chunks first (what the router asks for first), then the smallest first: on
      // HTTP/1.1's six connections the small ones wait out their round trips while the entry's
      // framework has the pipe, and the large ones come last and keep it full to the end, where
      // in the order asked a round of small ones came after them on an idle pipe (issue 55).
      const own = new Set(pages.map((key) => manifest[key]!.file));
      const rest = [...files].filter((file) => !own.has(file) && !entry.has(file)).sort((a, b) => size(a) - size(b));
      const later = new Set<string>();
      for (const part of pages.flatMap(lazyParts)) if (manifest[part]?.isDynamicEntry) closure(manifest, part, later);
      const lazy = [...later].filter((file) => !files.has(file) && !entry.has(file)).sort((a, b) => size(a) - size(b));
      return { pattern: route.pattern, gated: route.gated, files: [...own, ...rest, ...lazy].filter((file) => !entry.has(file)).map((file) => `${base}${file}`) };
    });
}

/**
 * Writes route-preloads.json after a build with a manifest: the server names the opened route's
 * chunks in its HTML (`<link rel=modulepreload>`), so a phone fetches them beside the entry's
 * instead of a round trip after the entry has run (issue 55). `drawnAtOnce`: the names of modules
 * pages load lazily but draw at once (vite.config.ts), named in the lists of the routes that do.
 */
export function routePreloadsFile(graph: () => ModuleGraph = () => new Map(), drawnAtOnce: string[] = []): Plugin {
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
      // The manifest's keys are paths from the root; the graph's ids are absolute.
      const companions = (key: string) => companionFlows(graph(), resolve(root, key)).map((id) => relative(root, id));
      const size = (file: string) => statSync(join(outDir, file)).size;
      // A renamed module would silently drop out of every list.
      for (const name of drawnAtOnce) if (pageModules(graph(), name).length !== 1) this.error(`route preloads: expected one module named ${name}.tsx`);
      const parts = (key: string) => lazyParts(graph(), resolve(root, key), drawnAtOnce).map((id) => relative(root, id));
      await writeFile(join(outDir, ROUTE_PRELOADS_FILE), JSON.stringify(routePreloads(readManifest(outDir), routes, base, companions, size, parts)));
    },
  };
}
