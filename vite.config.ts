import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/vite/precompress.js';
import { routePreloadsFile } from './scripts/vite/routePreloads.js';
import { entryLoadedChunks } from './scripts/vite/entryLoaded.js';
import { moduleGraphPlugin } from './scripts/vite/moduleGraph.js';
import { routeChunks } from './scripts/vite/routeChunks.js';
import { styledCssWhitespace } from './scripts/vite/styledCss.js';
import { machineDescriptions } from './scripts/vite/machineDescriptions.js';

const entryLoaded = entryLoadedChunks();
const moduleGraph = moduleGraphPlugin();
// The spot trade page, opened from a link on a phone, in a few chunks; the home page's parts in one.
const tradeChunks = routeChunks(moduleGraph.graph, { pages: ['SpotTradePage'], shell: ['HomePage'] });

// The API and socket.io live on the exchange server; in `npm run dev` Vite proxies them there.
const apiTarget = process.env.API_TARGET ?? 'http://localhost:8080';

/**
 * The libraries every page runs (React, the router, i18next, styled-components, XState) in one
 * chunk of their own. Left to itself the bundler spreads them over half a dozen chunks, and the
 * imports and exports that tie those together cost ≈6 KB gzip of what /home loads; one chunk also
 * stays cached across releases that change only our code.
 */
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next|styled-components|stylis|xstate|@xstate[\\/]react|use-sync-external-store)[\\/]/;

export default defineConfig({
  // precompress: .br and .gz beside every built file, served by server/kernel/platform/http/static.ts.
  // routePreloadsFile: each route's chunks from the manifest, which the server names in the route's HTML.
  // moduleGraph before the plugins that read it (routeChunks, the route preloads' companion flows).
  // KlineChart: the trade pages' chart, loaded lazily (ChartPanel.tsx) but named in their routes' lists.
  // styledCssWhitespace: the styled templates' line breaks and indentation out of the build (≈0.3 KB gzip of /home).
  // machineDescriptions: the machines' `description` texts out of the build (≈0.48 KB gzip of /home).
  plugins: [styledCssWhitespace(), machineDescriptions(), react(), precompress(), moduleGraph.plugin, tradeChunks.plugin, routePreloadsFile(moduleGraph.graph, ['KlineChart']), entryLoaded.plugin],
  resolve: {
    // @xstate/react imports the useSyncExternalStore shim for React < 18; on React 19 the shim's
    // own implementation is dead code in every page's bundle, so take the entries that use React's.
    alias: [
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'use-sync-external-store' },
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  // The manifest maps source modules to chunks: bench:bundle, tests/bundle.test.ts and the route preloads read it.
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 2000,
    // Every browser we support has <link rel=modulepreload>: no polyfill in the entry.
    modulePreload: { polyfill: false, resolveDependencies: entryLoaded.resolveDependencies },
    rolldownOptions: {
      output: {
        // Chunks named by their hash alone: the entry lists every lazy page's chunks by file name (the
        // preload map /home loads), and ~170 names of "<Module>-<hash>" cost ≈0.5 KB gzip there.
        // The manifest (and the source maps) still say which module each file holds. Seven characters
        // of hash (the bundler's minimum for this many chunks; 4·10¹² names) instead of eight: ≈0.3 KB
        // gzip less of that map.
        chunkFileNames: 'assets/[hash:7].js',
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK },
            // A chunk of its own that needs nothing else, imported first by main.tsx: it runs
            // before the framework is evaluated (src/services/startupRequests.ts), with the ids of
            // the answers the server may have written into the page (domain/pageIds.ts).
            { name: 'startup', test: /src[\\/]services[\\/](startupRequests|storage)\.ts$|[\\/]domain[\\/]pageIds\.ts$/ },
            // Exact decimals and the figures made of them (domain/figures.ts) in one chunk: nearly every
            // page shows figures, and a chunk of its own would be one more file on every page's preload list.
            // Vite's preload helper (< 1 KB gzip, every page's) joins them: one request fewer on every page,
            // which on a phone's network is often a round of 562 ms (issue 55). The bundler keeps its own
            // runtime in a chunk of its own whatever a group says.
            { name: 'decimal', test: /[\\/]domain[\\/](decimal|figures)\.ts$|^\0?vite[\\/]preload-helper\.js$/ },
            // The trade page's own modules in a few chunks (scripts/vite/routeChunks.ts).
            ...tradeChunks.groups,
          ],
        },
      },
    },
  },
});
