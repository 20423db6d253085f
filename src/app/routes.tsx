import { Navigate, type RouteObject } from 'react-router-dom';
import { MenuLayout } from './layout/MenuLayout';
import { ORDER_MENU, WALLET_MENU } from './layout/navigation';
import { RequireLogin } from './layout/RequireLogin';
import { SiteLayout } from './layout/SiteLayout';
import { UserMenuLayout } from './layout/UserMenuLayout';
import { PasswordResetFlow, RegistrationFlow } from '../features/accounts/auth.hooks';
import { AgreePage } from '../features/accounts/views/auth/AgreePage';
import { ForgetPassPage } from '../features/accounts/views/auth/ForgetPassPage';
import { RegisterNextPage } from '../features/accounts/views/auth/RegisterNextPage';
import { SetPassPage } from '../features/accounts/views/auth/SetPassPage';
import { LoginPage } from '../features/accounts/views/auth/LoginPage';
import { RegisterPage } from '../features/accounts/views/auth/RegisterPage';
import { DealPage } from './pages/deal/DealPage';
import { HelpCenterPage } from '../features/support/views/help/HelpCenterPage';
import { HelpDetailPage } from '../features/support/views/help/HelpDetailPage';
import { HomePage } from '../features/markets/views/home/HomePage';
import { InformPage } from '../features/support/views/inform/InformPage';
import { MarketsPage } from '../features/markets/views/markets/MarketsPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { IdentityPage } from '../features/kyc/views/KycPage';
import { IdentityRightPage } from '../features/kyc/views/KycRightPage';
import { SecuritySetPage } from '../features/accounts/views/user/SecuritySetPage';
import { OperatorLayout } from '../features/operator/views/OperatorLayout';
import { SpotCurrentPage } from '../features/spot/views/orders/SpotCurrentPage';
import { SpotDetailPage } from '../features/spot/views/orders/SpotDetailPage';
import { SpotHistoryPage } from '../features/spot/views/orders/SpotHistoryPage';
import { ScaffoldPage } from './pages/scaffold/ScaffoldPage';
import type { ScaffoldId } from './pages/scaffold/pageSpecs';
import { TradePage } from '../features/markets/views/trade/TradePage';
import { AddressBookPage } from '../features/accounts/views/user/AddressBookPage';
import { CollectionMethodFormPage } from '../features/accounts/views/user/CollectionMethodFormPage';
import { CollectionMethodsPage } from '../features/accounts/views/user/CollectionMethodsPage';
import { GeneralSettingsPage } from '../features/accounts/views/user/GeneralSettingsPage';
import { PersonalInfoPage } from '../features/accounts/views/user/PersonalInfoPage';
import { SecurityChangePage } from '../features/accounts/views/user/SecurityChangePage';
import { CurrencyLogPage } from '../features/wallet/views/CurrencyLogPage';
import { DepositPage } from '../features/wallet/views/DepositPage';
import { LedgerPage } from '../features/wallet/views/LedgerPage';
import { TransferLogPage } from '../features/wallet/views/TransferLogPage';
import { TransferPage } from '../features/wallet/views/TransferPage';
import { WalletAccountPage } from '../features/wallet/views/WalletAccountPage';
import { WalletOverviewPage } from '../features/wallet/views/WalletOverviewPage';
import { WithdrawalPage } from '../features/wallet/views/WithdrawalPage';

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
