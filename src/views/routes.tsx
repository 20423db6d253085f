import { Navigate, type RouteObject } from 'react-router-dom';
import { MenuLayout } from './layout/MenuLayout';
import { ORDER_MENU, WALLET_MENU } from './layout/navigation';
import { RequireLogin } from './layout/RequireLogin';
import { SiteLayout } from './layout/SiteLayout';
import { UserMenuLayout } from './layout/UserMenuLayout';
import { PasswordResetFlow, RegistrationFlow } from './app/authHooks';
import { AgreePage } from './pages/auth/AgreePage';
import { ForgetPassPage } from './pages/auth/ForgetPassPage';
import { RegisterNextPage } from './pages/auth/RegisterNextPage';
import { SetPassPage } from './pages/auth/SetPassPage';
import { LoginPage } from './pages/auth/LoginPage';
import { RegisterPage } from './pages/auth/RegisterPage';
import { DealPage } from './pages/deal/DealPage';
import { HomePage } from './pages/home/HomePage';
import { MarketsPage } from './pages/markets/MarketsPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { ScaffoldPage } from './pages/scaffold/ScaffoldPage';
import type { ScaffoldId } from './pages/scaffold/pageSpecs';
import { TradePage } from './pages/trade/TradePage';

const scaffold = (path: string, id: ScaffoldId): RouteObject => ({ path, element: <ScaffoldPage id={id} /> });

/** Every route of spec §2. Market and contract routes are public; /user, /wallet, /order are login-gated. */
export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      { path: 'home', element: <HomePage /> },
      scaffold('subscribe', 'subscribe'),
      { path: 'login', element: <LoginPage /> },
      scaffold('inform', 'inform'),
      {
        element: <PasswordResetFlow />,
        children: [
          { path: 'forget-pass', element: <ForgetPassPage /> },
          { path: 'set-pass', element: <SetPassPage /> },
        ],
      },
      {
        element: <RegistrationFlow />,
        children: [
          { path: 'reg', element: <RegisterPage /> },
          { path: 'reg-next', element: <RegisterNextPage /> },
        ],
      },
      { path: 'agree', element: <AgreePage /> },
      { path: 'markets', element: <MarketsPage /> },
      { path: 'markets/kline/:symbol', element: <TradePage kind="spot" /> },
      { path: 'contract/:symbol', element: <TradePage kind="contract" /> },
      { path: 'contract_sec/:symbol', element: <TradePage kind="seconds" /> },
      { path: 'deal', element: <DealPage /> },
      {
        element: <RequireLogin />,
        children: [
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
          {
            path: 'user',
            element: <UserMenuLayout />,
            children: [
              { index: true, element: <Navigate to="/user/user" replace /> },
              scaffold('user', 'user'),
              scaffold('c-set', 'cSet'),
              scaffold('s-securityset', 'securitySet'),
              scaffold('s-loginpwd', 'loginPwd'),
              scaffold('s-securitypwd', 'securityPwd'),
              scaffold('s-emailset', 'emailSet'),
              scaffold('s-phoneset', 'phoneSet'),
              scaffold('identity', 'identity'),
              scaffold('identityRight', 'identityRight'),
              scaffold('c-symAddr', 'symAddr'),
              scaffold('c-collAddr', 'collAddr'),
              scaffold('addCollAddr', 'addCollAddr'),
              scaffold('editCollAddr/:id?', 'editCollAddr'),
              scaffold('helpcenter', 'helpcenter'),
              scaffold('helpDetail/:id?', 'helpDetail'),
            ],
          },
          {
            path: 'wallet',
            element: <MenuLayout groups={WALLET_MENU} label="nav.wallet" />,
            children: [
              { index: true, element: <ScaffoldPage id="walletOverview" /> },
              scaffold('spot', 'walletSpot'),
              scaffold('contract', 'walletContract'),
              scaffold('secContract', 'walletSec'),
              scaffold('legalSymbol', 'walletLegal'),
              scaffold('subscribe', 'walletIco'),
              scaffold('log-currency', 'logCurrency'),
              scaffold('wallet-log', 'walletLog'),
              scaffold('log-legal', 'logLegal'),
              scaffold('log-transfer', 'logTransfer'),
              scaffold('log-ico', 'logIco'),
              scaffold('log-ico-thaw', 'logIcoThaw'),
              scaffold('recharge/:currency?', 'recharge'),
              scaffold('cash/:currency?', 'cash'),
              scaffold('transfer', 'transfer'),
            ],
          },
          {
            path: 'order',
            element: <MenuLayout groups={ORDER_MENU} label="nav.orders" />,
            children: [
              { index: true, element: <Navigate to="/order/spot-current" replace /> },
              scaffold('spot-current', 'spotCurrent'),
              scaffold('spot-history', 'spotHistory'),
              scaffold('spot-detail/:id', 'spotDetail'),
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
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
