import { Navigate, type RouteObject } from 'react-router-dom';
import type { Feature, FeatureRoutes } from './feature';
import { MenuLayout } from './layout/MenuLayout';
import { ORDER_MENU, WALLET_MENU } from './layout/navigation';
import { RequireLogin } from './layout/RequireLogin';
import { SiteLayout } from './layout/SiteLayout';
import { UserMenuLayout } from './layout/UserMenuLayout';
import { DealPage } from './pages/deal/DealPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { ScaffoldPage } from './pages/scaffold/ScaffoldPage';
import type { ScaffoldId } from './pages/scaffold/pageSpecs';

const scaffold = (path: string, id: ScaffoldId): RouteObject => ({ path, element: <ScaffoldPage id={id} /> });

/**
 * Pages of spec §2 no product serves yet (P2P, futures, seconds contracts, ICO), by slot. A product
 * that arrives takes its paths from here.
 */
const SCAFFOLDS: FeatureRoutes = {
  site: [scaffold('subscribe', 'subscribe'), { path: 'deal', element: <DealPage /> }],
  gated: [
    {
      path: 'deal',
      children: [
        scaffold('buy-next', 'dealBuyNext'),
        scaffold('buy-detail/:id', 'dealBuyDetail'),
        scaffold('buy-confirm/:id', 'dealBuyConfirm'),
        scaffold('sell-next', 'dealSellNext'),
        scaffold('sell-detail/:id', 'dealSellDetail'),
        scaffold('bank-card', 'dealBankCard'),
        scaffold('history', 'dealHistory'),
      ],
    },
  ],
  wallet: [scaffold('log-legal', 'logLegal'), scaffold('log-ico', 'logIco'), scaffold('log-ico-thaw', 'logIcoThaw')],
  order: [
    { index: true, element: <Navigate to="/order/spot-current" replace /> },
    scaffold('u-current', 'uCurrent'),
    scaffold('u-plan', 'uPlan'),
    scaffold('u-hold', 'uHold'),
    scaffold('u-history', 'uHistory'),
    scaffold('u-detail/:id', 'uDetail'),
    scaffold('u-position/:id', 'uPosition'),
    scaffold('sec-current', 'secCurrent'),
    scaffold('sec-history', 'secHistory'),
    scaffold('legal-order', 'legalOrder'),
    scaffold('sub-hold', 'subHold'),
    scaffold('sub-end', 'subEnd'),
    scaffold('sub-tran', 'subTran'),
  ],
};

/** Every route of spec §2, from the products' slots. Market and contract routes are public; /user, /wallet, /order are login-gated. */
export function buildRoutes(features: Feature[]): RouteObject[] {
  const slot = (name: keyof FeatureRoutes) => [...features, { routes: SCAFFOLDS }].flatMap((f) => f.routes[name] ?? []);
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
          children: [
            ...slot('gated'),
            { path: 'user', element: <UserMenuLayout />, children: slot('user') },
            { path: 'wallet', element: <MenuLayout groups={WALLET_MENU} label="nav.wallet" />, children: slot('wallet') },
            { path: 'order', element: <MenuLayout groups={ORDER_MENU} label="nav.orders" />, children: slot('order') },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
