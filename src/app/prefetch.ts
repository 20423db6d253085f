import { matchRoutes, type RouteObject } from 'react-router-dom';
import type { RouteHandle } from './routes';

/** Starts fetching the pages of every route `path` matches (layouts included); unknown paths do nothing. */
export function preloadPath(routes: RouteObject[], path: string): Promise<unknown> {
  return Promise.all((matchRoutes(routes, path) ?? []).map((match) => (match.route.handle as RouteHandle | undefined)?.page?.preload().catch(() => undefined)));
}

/** The `next` paths the routes matching `path` name. */
export function nextPaths(routes: RouteObject[], path: string): string[] {
  return (matchRoutes(routes, path) ?? []).flatMap((match) => (match.route.handle as RouteHandle | undefined)?.next ?? []);
}

interface PrefetchRouter {
  routes: RouteObject[];
  /** Settles once the router has drawn a page (the startup loads are in); the idle prefetch of next pages waits for it. */
  shown?: Promise<unknown>;
  state: { location: { pathname: string } };
  subscribe: (listener: (state: { location: { pathname: string } }) => void) => () => void;
}

/** The link (or element with `data-prefetch`) an event happened in, as an in-app path. */
function pathOf(target: EventTarget | null, origin: string): string | undefined {
  if (!(target instanceof Element)) return undefined;
  const marked = target.closest<HTMLElement>('[data-prefetch]');
  if (marked?.dataset.prefetch) return marked.dataset.prefetch;
  const link = target.closest('a[href]');
  if (!link) return undefined;
  const url = new URL(link.getAttribute('href')!, origin);
  return url.origin === origin ? url.pathname : undefined;
}

/**
 * Prefetch of the likely next page, for every route by construction:
 * - now: the page of the address the app was opened at (in parallel with the app's startup);
 * - on intent: a pointer over, a touch on or focus in a link (or an element with `data-prefetch="/path"`);
 * - on idle: once the startup loads are in and the page is drawn with its code, the `next` paths
 *   its route declares: until then the startup's requests have the line to themselves.
 * Returns the cleanup.
 */
export function installPrefetch(router: PrefetchRouter, win: Window = window): () => void {
  const { document } = win;
  const origin = win.location.origin;
  const opening = preloadPath(router.routes, router.state.location.pathname);

  const seen = new Set<string>();
  const onIntent = (event: Event) => {
    const path = pathOf(event.target, origin);
    if (!path || seen.has(path)) return;
    seen.add(path);
    void preloadPath(router.routes, path);
  };
  const intents = ['pointerover', 'touchstart', 'focusin'] as const;
  for (const type of intents) document.addEventListener(type, onIntent, { passive: true, capture: true });

  const idle = (work: () => void) =>
    typeof win.requestIdleCallback === 'function' ? win.requestIdleCallback(work, { timeout: 3000 }) : win.setTimeout(work, 1500);
  const onLocation = (pathname: string) =>
    idle(() => {
      for (const next of nextPaths(router.routes, pathname)) void preloadPath(router.routes, next);
    });
  void Promise.all([opening, router.shown]).then(() => onLocation(router.state.location.pathname));
  let last = router.state.location.pathname;
  const unsubscribe = router.subscribe((state) => {
    if (state.location.pathname === last) return;
    last = state.location.pathname;
    onLocation(last);
  });

  return () => {
    unsubscribe();
    for (const type of intents) document.removeEventListener(type, onIntent, { capture: true });
  };
}
