import type { RouteObject } from 'react-router-dom';

/**
 * What the code outside React needs from the router: the route table, the address on screen
 * (with a way to hear it change, for prefetch) and `navigate` (for the machines' effects).
 *
 * The app routes in react-router's declarative mode (`<BrowserRouter>` + `useRoutes`, in
 * views/AppRouter.tsx) rather than with a data router (createBrowserRouter): the data router
 * (loaders, actions, fetchers, which we never use) is ≈17 KB gzip of the code every page loads.
 * The router exists only once the app has booted, so until then `navigate` writes the address
 * into the history, which the router reads when it mounts.
 */
export interface RouterLink {
  routes: RouteObject[];
  state: { location: { pathname: string } };
  subscribe: (listener: (state: { location: { pathname: string } }) => void) => () => void;
  navigate: (to: string) => void;
  /** Called by the router's bridge (AppRouter) while it is mounted: its navigate, or undefined when it unmounts. */
  attach: (navigate: ((to: string) => void) | undefined) => void;
  /** Called by the bridge when the address on screen changes. */
  located: (pathname: string) => void;
}

export function createRouterLink(routes: RouteObject[], win: Window = window): RouterLink {
  let routerNavigate: ((to: string) => void) | undefined;
  let pathname = win.location.pathname;
  const listeners = new Set<(state: { location: { pathname: string } }) => void>();
  return {
    routes,
    get state() {
      return { location: { pathname } };
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    navigate: (to) => {
      if (routerNavigate) routerNavigate(to);
      else {
        win.history.pushState(null, '', to);
        pathname = win.location.pathname;
      }
    },
    attach: (navigate) => {
      routerNavigate = navigate;
    },
    located: (next) => {
      if (next === pathname) return;
      pathname = next;
      for (const listener of listeners) listener({ location: { pathname } });
    },
  };
}
