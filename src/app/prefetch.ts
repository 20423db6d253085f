import { matchRoutes, type RouteObject } from 'react-router-dom';
import type { RouteHandle } from './routes';

/** Starts fetching the pages of every route `path` matches (layouts included); unknown paths do nothing. */
export function preloadPath(routes: RouteObject[], path: string): Promise<unknown> {
  return Promise.all((matchRoutes(routes, path) ?? []).map((match) => (match.route.handle as RouteHandle | undefined)?.page?.preload().catch(() => undefined)));
}

export interface PrefetchRouter {
  routes: RouteObject[];
  state: { location: { pathname: string } };
  subscribe: (listener: (state: { location: { pathname: string } }) => void) => () => void;
}

/**
 * Prefetch of the likely next page, for every route by construction:
 * - now: the page of the address the app was opened at (in parallel with the app's startup);
 * - once `firstScreen` has settled (the app is shown with its first prices, main.tsx): on intent
 *   and on idle (prefetchLater.ts), loaded then as a chunk of its own, so /home's first load does
 *   not carry it. Before that the first screen's requests have the line to themselves: on a phone
 *   network the browser's six connections and the thin pipe are what the first price waits for
 *   (issue 55, bench:firstprice).
 * The app runs it once, for the page's whole life: there is nothing to clean up.
 */
export function installPrefetch(router: PrefetchRouter, firstScreen: Promise<unknown>, win: Window = window): void {
  void preloadPath(router.routes, router.state.location.pathname);
  void firstScreen.then(() => import('./prefetchLater')).then(({ prefetchAfterFirstScreen }) => prefetchAfterFirstScreen(router, win));
}
