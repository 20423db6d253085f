import { Navigate, type RouteObject } from 'react-router-dom';
import { page, type Feature, type FeatureRoute, type FeatureRoutes, type Page } from './feature';
import { ORDER_MENU, WALLET_MENU } from './layout/navigation';
import { RequireLogin } from './layout/RequireLogin';
import { SiteLayout } from './layout/SiteLayout';
const notFound = page(() => import('./pages/NotFoundPage'), 'NotFoundPage');

// The menus beside /user, /wallet and /order pages are layouts loaded like pages: only signed-in
// pages show them, so the code /home loads does not carry them.
const userMenu = page(() => import('./layout/UserMenuLayout'), 'UserMenuLayout');
const walletMenu = page(() => import('./layout/MenuLayout'), 'MenuLayout', { groups: WALLET_MENU, label: 'nav.wallet' });
const orderMenu = page(() => import('./layout/MenuLayout'), 'MenuLayout', { groups: ORDER_MENU, label: 'nav.orders' });

/** A layout route whose element is a page (loaded on demand, prefetched with its children). */
const pageLayout = (path: string, layout: Page, children: RouteObject[]): RouteObject => ({ path, element: layout.element, handle: { page: layout } satisfies RouteHandle, children });

/** Routes of the shell itself, by slot: /order opens on the spot orders. */
const SHELL: FeatureRoutes = {
  order: [{ index: true, element: <Navigate to="/order/spot-current" replace /> }],
};

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

/** Every route of spec §2, from the products' slots. Market and contract routes are public; /user, /wallet, /order are login-gated. */
export function buildRoutes(features: Feature[]): RouteObject[] {
  const slot = (name: keyof FeatureRoutes) => [...features, { routes: SHELL }].flatMap((f) => f.routes[name] ?? []).map(toRouteObject);
  return [
    // The operator interface has its own layout and session, outside the trader's site.
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
  ];
}
