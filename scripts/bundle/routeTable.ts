/**
 * The browser app's route table, read through Vite (the feature modules use JSX and
 * import.meta.glob), for tools running in plain Node: bench:bundle, the responsive e2e suite and
 * the build's route preloads (scripts/vite/routePreloads.ts).
 */
import { createServer } from 'vite';
import type { RouteEntry } from '../../src/app/routeList';

/** A route, and whether its pages are all the shell's (they need neither the rest of English nor a product's flows). */
export type RouteTableEntry = RouteEntry & { shell: boolean };

export async function loadRouteTable(root = process.cwd()): Promise<RouteTableEntry[]> {
  const server = await createServer({ root, logLevel: 'error', server: { middlewareMode: true, hmr: false, ws: false }, appType: 'custom',
    // Loaded by Vite rather than Node: under another loader (Playwright's) Node hands a CommonJS
    // build's exports object as the default import, and `styled.button` is not a function.
    ssr: { noExternal: ['styled-components'] },
    optimizeDeps: { noDiscovery: true, include: [] } });
  try {
    const mod = (await server.ssrLoadModule('/scripts/bundle/routeEntries.ts')) as { routeEntries: () => RouteTableEntry[] };
    return mod.routeEntries();
  } finally {
    await server.close();
  }
}
