import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { page, type Feature, type FeatureRoute, type FeatureRoutes, type Page } from './feature';
import { collectMenus, MenusContext, type MenuLink } from './layout/navigation';
import { RequireLogin } from './layout/RequireLogin';
import { SiteLayout } from './layout/SiteLayout';
const notFound = page(() => import('./pages/NotFoundPage'), 'NotFoundPage');

// The menus beside /user, /wallet and /order pages are layouts loaded like pages: only signed-in
// pages show them, so the code /home loads does not carry them.
const userMenu = page(() => import('./layout/UserMenuLayout'), 'UserMenuLayout');

/** A layout route whose element is a page (loaded on demand, prefetched with its children). */
const pageLayout = (path: string, layout: Page, children: RouteObject[]): RouteObject => ({ path, element: layout.element, handle: { page: layout } satisfies RouteHandle, children });

/** What the router keeps on a route for prefetching (react-router's `handle`). */
export interface RouteHandle {
  page?: Page;
  next?: string[];
  /** The routes below need a session (the RequireLogin layout). */
  gated?: boolean;
}

/** A product's route as the router's: a page becomes its lazy element, and stays reachable for prefetch. */
function toRouteObject(route: FeatureRoute): RouteObject {
  const handle: RouteHandle = { page: route.page, next: route.next };
  const element = route.page?.element ?? route.element;
  if (route.index) return { index: true, element, handle };
  return { path: route.path, element, handle, children: route.children?.map(toRouteObject) };
}

/**
 * Every route of spec §2, from the products' slots, and the menus from their entries (given to the
 * site layout). Market and contract routes are public; /user, /wallet, /order are login-gated.
 */
export function buildRoutes(features: Feature[]): RouteObject[] {
  const menus = collectMenus(features);
  // One loader for the two menus' layout (one chunk, fetched once).
  const menuLayout = (links: MenuLink[], label: string) => page(() => import('./layout/MenuLayout'), 'MenuLayout', { links, label });
  const walletMenu = menuLayout(menus.wallet, 'nav.wallet');
  const orderMenu = menuLayout(menus.order, 'nav.orders');
  // /order opens on the first entry of the orders menu.
  const shell: FeatureRoutes = { order: menus.order.slice(0, 1).map((first) => ({ index: true, element: <Navigate to={first.to} replace /> })) };
  const slot = (name: keyof FeatureRoutes) => [...features, { routes: shell }].flatMap((f) => f.routes[name] ?? []).map(toRouteObject);
  return [
    {
      // The menus reach the site layout and the operator interface (the wallet's accounts,
      // app/walletAccountList.ts), which has its own layout and session, outside the trader's site.
      element: (
        <MenusContext.Provider value={menus}>
          <Outlet />
        </MenusContext.Provider>
      ),
      children: [
        ...slot('top'),
        {
          element: <SiteLayout />,
          children: [
            { index: true, element: <Navigate to="/home" replace /> },
            ...slot('site'),
            {
              element: <RequireLogin />,
              handle: { gated: true } satisfies RouteHandle,
              children: [
                ...slot('gated'),
                pageLayout('user', userMenu, slot('user')),
                pageLayout('wallet', walletMenu, slot('wallet')),
                pageLayout('order', orderMenu, slot('order')),
              ],
            },
            { path: '*', element: notFound.element, handle: { page: notFound } satisfies RouteHandle },
          ],
        },
      ],
    },
  ];
}
