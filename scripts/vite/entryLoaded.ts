import type { Plugin } from 'vite';

/**
 * Leaves out of each lazy page's preload list the chunks the entry imports statically (the
 * framework, the bundler's runtime, the entry itself): they are loaded before any page's import
 * can run, and the preload helper skips them anyway (their <link rel=modulepreload> is in the
 * HTML). Each list is part of the entry /home loads: the framework and the runtime stood in ~100
 * lists each, ≈0.4 KB of the entry.
 */
export function entryLoadedChunks(): { plugin: Plugin; resolveDependencies: (file: string, deps: string[], context: { hostType: 'html' | 'js' }) => string[] } {
  const loaded = new Set<string>();
  const plugin: Plugin = {
    name: 'openex:entry-loaded-chunks',
    apply: 'build',
    // Before Vite's own generateBundle writes the preload lists (it calls resolveDependencies there).
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        loaded.clear();
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (loaded.has(file) || chunk?.type !== 'chunk') return;
          loaded.add(file);
          chunk.imports.forEach(visit);
        };
        for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName);
      },
    },
  };
  // The HTML's own list (hostType 'html') is how the entry's chunks get loaded: it stays whole.
  const resolveDependencies = (_file: string, deps: string[], context: { hostType: 'html' | 'js' }) => (context.hostType === 'js' ? deps.filter((dep) => !loaded.has(dep)) : deps);
  return { plugin, resolveDependencies };
}
