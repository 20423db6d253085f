import { matchRoutes, type RouteObject } from 'react-router-dom';
import { preloadPath, type PrefetchRouter } from './prefetch';
import type { RouteHandle } from './routes';

/** The `next` paths the routes matching `path` name. */
export function nextPaths(routes: RouteObject[], path: string): string[] {
  return (matchRoutes(routes, path) ?? []).flatMap((match) => (match.route.handle as RouteHandle | undefined)?.next ?? []);
}


/** What the browser says about the line (the Network Information API; Chromium only). */
interface Connection {
  saveData?: boolean;
  effectiveType?: string;
}

/**
 * No prefetch the visitor did not ask for on a line that cannot spare it: the visitor asked to
 * save data (Save-Data), or the browser rates the line 2G or slower.
 */
export function lineTooThin(win: Window): boolean {
  const connection = (win.navigator as Navigator & { connection?: Connection }).connection;
  return !!connection && (connection.saveData === true || /(^|-)2g$/.test(connection.effectiveType ?? ''));
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
 * The prefetches that wait for the first screen (prefetch.ts `installPrefetch`):
 * - on intent: a pointer over, a touch on or focus in a link (or an element with `data-prefetch="/path"`);
 * - on idle: the `next` paths the route on screen declares, one page at a time, each in an idle
 *   callback of its own; never with Save-Data or on a 2G line (`lineTooThin`).
 * Returns the cleanup.
 */
export function prefetchAfterFirstScreen(router: PrefetchRouter, win: Window): () => void {
  const { document } = win;
  const origin = win.location.origin;
  const seen = new Set<string>();
  const onIntent = (event: Event) => {
    const path = pathOf(event.target, origin);
    if (!path || seen.has(path)) return;
    seen.add(path);
    void preloadPath(router.routes, path);
  };
  const intents = ['pointerover', 'touchstart', 'focusin'] as const;
  for (const type of intents) document.addEventListener(type, onIntent, { passive: true, capture: true });

  let stopped = false;
  const idle = () =>
    new Promise<void>((resolve) => {
      if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(() => resolve(), { timeout: 3000 });
      else win.setTimeout(resolve, 1500);
    });
  /** The queue of idle prefetches: one page after another, each when the browser is idle. */
  let queue = Promise.resolve();
  const onLocation = (pathname: string) => {
    if (lineTooThin(win)) return;
    for (const next of nextPaths(router.routes, pathname)) {
      queue = queue.then(async () => {
        await idle();
        if (!stopped) await preloadPath(router.routes, next);
      });
    }
  };
  let last = router.state.location.pathname;
  // An idle callback runs after the frames the browser had to draw: the first screen is painted by then.
  onLocation(last);
  const unsubscribe = router.subscribe((state) => {
    if (state.location.pathname === last) return;
    last = state.location.pathname;
    onLocation(last);
  });

  return () => {
    stopped = true;
    unsubscribe();
    for (const type of intents) document.removeEventListener(type, onIntent, { capture: true });
  };
}
