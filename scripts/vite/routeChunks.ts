import type { Plugin } from 'vite';
import { companionFlows, pageModules, productFlows, reach, type ModuleGraph } from './moduleGraph.js';

/**
 * Fewer, larger chunks for what a page opened straight from a link on a phone loads (issue 55:
 * the spot trade page). Left to itself the bundler gives every set of pages that shares modules a
 * chunk of its own: the trade page fetched 34 files beyond the entry's, and over HTTP/1.1's six
 * connections with Fast 3G's 562 ms a request that is six rounds. Here its modules (beyond the
 * entry's and the home page's) are grouped by who else loads them, so no other page fetches code
 * it did not fetch before except a few KB of shared helpers:
 *
 * - `shell-parts`: the home page's parts beyond the entry (not the page's own chunk), which the
 *   trade page shares: one chunk instead of three, the same bytes for /home;
 * - `trade-flows`: the flows the page's loader fetches beside it (withPairMarket's markets flows)
 *   and what only they, other flows and the chart's pages use (the trade kit's machines): whoever
 *   loads one of those flows loads the others' share too, a few KB;
 * - `product`: used only by one product's pages and flows (the spot order form, its machines, the
 *   order lists' columns), one chunk per product;
 * - `chart`: used only by pages that draw the chart (the trade pages: their book, trades and chart views);
 * - `common`: the rest of src/ and domain/ that the page needs (dialogs, form rows, paged lists):
 *   every page that needs any of it fetches it whole, ≈6 KB gzip.
 *
 * Libraries (the chart's, yup) and English keep their chunks: large, and cached across releases.
 */
export function routeChunkGroups(modules: ModuleGraph, options: { pages: string[]; shell: string[] }): Map<string, string> {
  const group = new Map<string, string>();
  const initial = reach(modules, [...modules].filter(([, m]) => m.isEntry).map(([id]) => id));
  const dynamicEntries = new Set([...modules.values()].flatMap((m) => m.dynamic).filter((id) => !initial.has(id)));
  // Which lazily loaded modules (pages, flows, lazy parts) load each module.
  const users = new Map<string, string[]>();
  for (const entry of dynamicEntries) for (const id of reach(modules, [entry])) if (!initial.has(id)) users.set(id, [...(users.get(id) ?? []), entry]);
  const chart = chartPages(modules, dynamicEntries, initial);
  const flows = new Set([...dynamicEntries].filter((id) => /\.flows\.ts$/.test(id)));
  const product = (id: string) => /[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/.exec(id)?.[1];
  const ours = (id: string) => /[\\/](src|domain)[\\/]/.test(id) && !/node_modules|[\\/]locales[\\/]/.test(id);
  // The home page's parts beyond the entry and its own chunk (its panel, table, row shapes: three
  // chunks of < 1 KB gzip) in one: what /home loads, in fewer files.
  const shell = reach(modules, options.shell.flatMap((name) => pageModules(modules, name)));
  for (const id of shell) if (!initial.has(id) && !dynamicEntries.has(id) && ours(id)) group.set(id, 'shell-parts');
  const pages = options.pages.flatMap((name) => pageModules(modules, name));
  const companions = new Set(pages.flatMap((page) => companionFlows(modules, page)));
  for (const page of pages) {
    const roots = [page, productFlows(modules, page), ...companions].filter((id): id is string => !!id);
    for (const id of reach(modules, roots)) {
      // The entry's modules and the home page's stay out; pages and flows keep their chunks (the
      // manifest, the route preloads and the bundle test know them by their modules).
      if (initial.has(id) || shell.has(id) || dynamicEntries.has(id) || !ours(id)) continue;
      const by = users.get(id) ?? [];
      const products = new Set(by.map(product));
      if (by.some((entry) => companions.has(entry)) && by.every((entry) => chart.has(entry) || flows.has(entry))) group.set(id, 'trade-flows');
      else if (products.size === 1 && [...products][0]) group.set(id, `product-${[...products][0]}`);
      else if (by.every((entry) => chart.has(entry))) group.set(id, 'chart');
      else group.set(id, 'common');
    }
  }
  return group;
}

/**
 * The dynamic entries that draw the chart: those that reach the chart library statically, and those
 * whose own modules (not the entry's: its feature.tsx files import every page) import one of them
 * dynamically: the trade pages, whose ChartPanel fetches the chart lazily, so that their book and
 * trades views stay the chart pages' alone instead of every page's `common`.
 */
export function chartPages(modules: ModuleGraph, dynamicEntries: Set<string>, initial: Set<string>): Set<string> {
  const chart = new Set([...dynamicEntries].filter((entry) => [...reach(modules, [entry])].some((id) => /node_modules[\\/]klinecharts[\\/]/.test(id))));
  const drawn = new Set(chart);
  for (const entry of dynamicEntries) {
    const own = [...reach(modules, [entry])].filter((id) => !initial.has(id));
    if (own.some((id) => modules.get(id)!.dynamic.some((target) => drawn.has(target)))) chart.add(entry);
  }
  return chart;
}

/**
 * The plugin that reads the module graph once the build has it, and the bundler's groups
 * (`output.codeSplitting.groups`) that take each module to its chunk. A module's imports are not
 * taken along (includeDependenciesRecursively: false): the entry's stay in the entry, and a group
 * only ever imports groups of wider use (whoever loads a module loads what it imports), so no two
 * chunks import each other.
 */
export function routeChunks(graph: () => ModuleGraph, options: { pages: string[]; shell: string[] }) {
  let group = new Map<string, string>();
  const plugin: Plugin = {
    name: 'openex:route-chunks',
    apply: 'build',
    buildEnd() {
      group = routeChunkGroups(graph(), options);
    },
  };
  const groups = [{ name: (id: string) => group.get(id) ?? null, debugName: 'route-chunks', test: (id: string) => group.has(id), includeDependenciesRecursively: false }];
  return { plugin, groups };
}
