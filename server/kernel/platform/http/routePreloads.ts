import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTE_PRELOADS_FILE, type RoutePreload } from '../../../../domain/routePreloads.js';

/**
 * How many of a pattern's segments `path` matches as written (react-router's way: segments
 * compared without case, `:name` any one segment, `:name?` one or none), or undefined when it does
 * not match. The pattern with the most matched literals wins, as react-router ranks them.
 */
function literalsMatched(pattern: string, path: string): number | undefined {
  const wanted = pattern.split('/').filter(Boolean);
  const given = path.split('/').filter(Boolean);
  if (given.length > wanted.length) return undefined;
  let literals = 0;
  for (const [i, segment] of wanted.entries()) {
    const value = given[i];
    if (segment.startsWith(':')) {
      if (value === undefined && !segment.endsWith('?')) return undefined;
      continue;
    }
    if (value === undefined || segment.toLowerCase() !== value.toLowerCase()) return undefined;
    literals++;
  }
  return literals;
}

/**
 * The chunks the client route at `path` needs beyond the entry's, from the build's list
 * (scripts/vite/routePreloads.ts); none for an address of no route, for a route behind sign-in, or
 * for a build without the list (the dev server, a test's client folder).
 */
export function readRoutePreloads(clientDir: string): (path: string) => string[] {
  const file = join(clientDir, ROUTE_PRELOADS_FILE);
  const routes = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RoutePreload[]) : [];
  return (path) => {
    let best: { route: RoutePreload; literals: number } | undefined;
    for (const route of routes) {
      const literals = literalsMatched(route.pattern, path);
      if (literals !== undefined && (!best || literals > best.literals)) best = { route, literals };
    }
    return best && !best.route.gated ? best.route.files : [];
  };
}
