import type { Plugin } from 'vite';

/** The build's module graph, by module id: what each module imports statically and dynamically. */
export type ModuleGraph = Map<string, { imports: string[]; dynamic: string[]; isEntry: boolean }>;

/** Everything `roots` import statically, themselves included (what the browser fetches before they run). */
export function reach(graph: ModuleGraph, roots: Iterable<string>, into = new Set<string>()): Set<string> {
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (into.has(id) || !graph.has(id)) continue;
    into.add(id);
    stack.push(...graph.get(id)!.imports);
  }
  return into;
}

/** A page's module by its component's name (`page(() => import('./views/SpotTradePage'), 'SpotTradePage')`). */
export function pageModules(graph: ModuleGraph, name: string): string[] {
  return [...graph.keys()].filter((id) => new RegExp(`[\\\\/]${name}\\.tsx?$`).test(id));
}

/** A product's flows (`load: () => import('./<product>.flows')`, app/feature.tsx) for a module of src/features/<product>/. */
export function productFlows(graph: ModuleGraph, id: string): string | undefined {
  const product = /[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/.exec(id)?.[1];
  return product && [...graph.keys()].find((key) => key.endsWith(`/src/features/${product}/${product}.flows.ts`));
}

/**
 * The flows a page's loader fetches beside it: a product's page that reads another's market is
 * wrapped (`withPairMarket(() => import(...))`, features/markets/withPairMarket.ts), and the
 * wrapper, a module its feature.tsx imports, imports that product's flows dynamically. Read from the
 * graph: the `*.flows.ts` the page's importers' own imports import dynamically.
 */
export function companionFlows(graph: ModuleGraph, page: string): string[] {
  const importers = [...graph].filter(([, m]) => m.dynamic.includes(page)).map(([id]) => id);
  const wrappers = importers.flatMap((id) => graph.get(id)!.imports).filter((id) => /[\\/]src[\\/]features[\\/]/.test(id));
  return [...new Set(wrappers.flatMap((id) => graph.get(id)?.dynamic ?? []).filter((id) => /\.flows\.ts$/.test(id)))];
}

/**
 * The modules named `names` (as pages are: by file name) that a page's modules import dynamically:
 * parts it loads lazily but draws at once (the trade pages' chart, ChartPanel.tsx's KlineChart).
 * Read from the modules, not the chunks: a page that shares a chunk with ChartPanel without
 * drawing it (the spot order lists) has none.
 */
export function lazyParts(graph: ModuleGraph, page: string, names: string[]): string[] {
  const named = (id: string) => names.some((name) => new RegExp(`[\\\\/]${name}\\.tsx?$`).test(id));
  return [...new Set([...reach(graph, [page])].flatMap((id) => graph.get(id)!.dynamic).filter(named))];
}

/** A plugin that keeps the module graph once the build has read every module (for chunking and the route preloads). */
export function moduleGraphPlugin(): { plugin: Plugin; graph: () => ModuleGraph } {
  let graph: ModuleGraph = new Map();
  const plugin: Plugin = {
    name: 'openex:module-graph',
    apply: 'build',
    buildEnd() {
      graph = new Map();
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if (info) graph.set(id, { imports: [...info.importedIds], dynamic: [...info.dynamicallyImportedIds], isEntry: info.isEntry });
      }
    },
  };
  return { plugin, graph: () => graph };
}
