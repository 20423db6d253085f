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
import { HelpCenterPage } from './pages/help/HelpCenterPage';
import { HelpDetailPage } from './pages/help/HelpDetailPage';
import { HomePage } from './pages/home/HomePage';
import { InformPage } from './pages/inform/InformPage';
import { MarketsPage } from './pages/markets/MarketsPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { IdentityPage } from './pages/identity/IdentityPage';
import { IdentityRightPage } from './pages/identity/IdentityRightPage';
import { SecuritySetPage } from './pages/identity/SecuritySetPage';
import { OperatorLayout } from './pages/operator/OperatorLayout';
import { SpotCurrentPage } from './pages/orders/SpotCurrentPage';
import { SpotDetailPage } from './pages/orders/SpotDetailPage';
import { SpotHistoryPage } from './pages/orders/SpotHistoryPage';
import { ScaffoldPage } from './pages/scaffold/ScaffoldPage';
import type { ScaffoldId } from './pages/scaffold/pageSpecs';
import { TradePage } from './pages/trade/TradePage';
import { AddressBookPage } from './pages/user/AddressBookPage';
import { CollectionMethodFormPage } from './pages/user/CollectionMethodFormPage';
import { CollectionMethodsPage } from './pages/user/CollectionMethodsPage';
import { GeneralSettingsPage } from './pages/user/GeneralSettingsPage';
import { PersonalInfoPage } from './pages/user/PersonalInfoPage';
import { SecurityChangePage } from './pages/user/SecurityChangePage';
import { CurrencyLogPage } from './pages/wallet/CurrencyLogPage';
import { DepositPage } from './pages/wallet/DepositPage';
import { LedgerPage } from './pages/wallet/LedgerPage';
import { TransferLogPage } from './pages/wallet/TransferLogPage';
import { TransferPage } from './pages/wallet/TransferPage';
import { WalletAccountPage } from './pages/wallet/WalletAccountPage';
import { WalletOverviewPage } from './pages/wallet/WalletOverviewPage';
import { WithdrawalPage } from './pages/wallet/WithdrawalPage';

const scaffold = (path: string, id: ScaffoldId): RouteObject => ({ path, element: <ScaffoldPage id={id} /> });

/** Every route of spec §2. Market and contract routes are public; /user, /wallet, /order are login-gated. */
export const routes: RouteObject[] = [
  // The operator interface has its own layout and session, outside the trader's site.
  { path: 'operator', element: <OperatorLayout /> },
  {
    element: <SiteLayout />,
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      { path: 'home', element: <HomePage /> },
      scaffold('subscribe', 'subscribe'),
      { path: 'login', element: <LoginPage /> },
      { path: 'inform', element: <InformPage /> },
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
              { path: 'user', element: <PersonalInfoPage /> },
              { path: 'c-set', element: <GeneralSettingsPage /> },
              { path: 's-securityset', element: <SecuritySetPage /> },
              { path: 's-loginpwd', element: <SecurityChangePage kind="loginPwd" key="loginPwd" /> },
              { path: 's-securitypwd', element: <SecurityChangePage kind="fundsPwd" key="fundsPwd" /> },
              { path: 's-emailset', element: <SecurityChangePage kind="email" key="email" /> },
              { path: 's-phoneset', element: <SecurityChangePage kind="phone" key="phone" /> },
              { path: 'identity', element: <IdentityPage /> },
              { path: 'identityRight', element: <IdentityRightPage /> },
              { path: 'c-symAddr', element: <AddressBookPage /> },
              { path: 'c-collAddr', element: <CollectionMethodsPage /> },
              { path: 'addCollAddr', element: <CollectionMethodFormPage mode="add" /> },
              { path: 'editCollAddr/:id', element: <CollectionMethodFormPage mode="edit" /> },
              { path: 'helpcenter', element: <HelpCenterPage /> },
              { path: 'helpDetail/:id?', element: <HelpDetailPage /> },
            ],
          },
          {
            path: 'wallet',
            element: <MenuLayout groups={WALLET_MENU} label="nav.wallet" />,
            children: [
              { index: true, element: <WalletOverviewPage /> },
              { path: 'spot', element: <WalletAccountPage account="spot" key="spot" /> },
              { path: 'contract', element: <WalletAccountPage account="contract" key="contract" /> },
              { path: 'secContract', element: <WalletAccountPage account="sec_contract" key="sec_contract" /> },
              { path: 'legalSymbol', element: <WalletAccountPage account="legal" key="legal" /> },
              { path: 'subscribe', element: <WalletAccountPage account="ico" key="ico" /> },
              { path: 'log-currency', element: <CurrencyLogPage /> },
              { path: 'wallet-log', element: <LedgerPage /> },
              scaffold('log-legal', 'logLegal'),
              { path: 'log-transfer', element: <TransferLogPage /> },
              scaffold('log-ico', 'logIco'),
              scaffold('log-ico-thaw', 'logIcoThaw'),
              { path: 'recharge/:currency?', element: <DepositPage /> },
              { path: 'cash/:currency?', element: <WithdrawalPage /> },
              { path: 'transfer', element: <TransferPage /> },
            ],
          },
          {
            path: 'order',
            element: <MenuLayout groups={ORDER_MENU} label="nav.orders" />,
            children: [
              { index: true, element: <Navigate to="/order/spot-current" replace /> },
              { path: 'spot-current', element: <SpotCurrentPage /> },
              { path: 'spot-history', element: <SpotHistoryPage /> },
              { path: 'spot-detail/:id', element: <SpotDetailPage /> },
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
