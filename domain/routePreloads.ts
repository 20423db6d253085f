/**
 * What the client build writes beside its manifest (scripts/vite/routePreloads.ts) and the server
 * reads (server/kernel/platform/http/routePreloads.ts): each route's chunks beyond the entry's,
 * which the server names in the opened route's HTML as `<link rel=modulepreload>` (issue 55).
 */

/** The file's place in the client build's folder. */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** A route of the app's table, as react-router writes it (`/markets/kline/:symbol`), with what opening it fetches. */
export interface RoutePreload {
  pattern: string;
  /** Needs a session: the server cannot tell whether the browser holds one (a signed-out visitor is sent to /login), so it names nothing for it. */
  gated: boolean;
  /** The chunks' URLs: the route's own page chunks first, then the rest smallest first (scripts/vite/routePreloads.ts says why). */
  files: string[];
}
