import { Navigate } from 'react-router-dom';
import { defineFeature, page } from '../../app/feature';
import { AccountsContext } from './accounts.context';

const isEmail = (account: string | undefined) => account?.includes('@') ?? false;

/** Login, registration, password reset, and the user centre (/user: profile, security, address book, collection methods). */
export const accountsFeature = defineFeature({
  id: 'accounts',
  context: AccountsContext,
  routes: {
    site: [
      { path: 'login', page: page(() => import('./views/auth/LoginPage'), 'LoginPage') },
      {
        // One reset actor spans both steps: the layout route holds it (a page of its own, so its
        // code and the product's machines load with the steps, not with every page).
        page: page(() => import('./views/auth/PasswordResetFlow'), 'PasswordResetFlow'),
        children: [
          { path: 'forget-pass', page: page(() => import('./views/auth/ForgetPassPage'), 'ForgetPassPage') },
          { path: 'set-pass', page: page(() => import('./views/auth/SetPassPage'), 'SetPassPage') },
        ],
      },
      {
        page: page(() => import('./views/auth/RegistrationFlow'), 'RegistrationFlow'),
        children: [
          { path: 'reg', page: page(() => import('./views/auth/RegisterPage'), 'RegisterPage') },
          { path: 'reg-next', page: page(() => import('./views/auth/RegisterNextPage'), 'RegisterNextPage') },
        ],
      },
      { path: 'agree', page: page(() => import('./views/auth/AgreePage'), 'AgreePage') },
    ],
    user: [
      { index: true, element: <Navigate to="/user/user" replace /> },
      { path: 'user', page: page(() => import('./views/user/PersonalInfoPage'), 'PersonalInfoPage'), menu: { labelKey: 'menu.user.info', group: 'menu.user.infoGroup', place: 10 } },
      { path: 'c-set', page: page(() => import('./views/user/GeneralSettingsPage'), 'GeneralSettingsPage'), menu: { labelKey: 'menu.user.generalSettings', group: 'menu.user.general', place: 40 } },
      { path: 's-securityset', page: page(() => import('./views/user/SecuritySetPage'), 'SecuritySetPage'), menu: { labelKey: 'menu.user.securitySettings', group: 'menu.user.security', place: 20 } },
      { path: 's-loginpwd', page: page(() => import('./views/user/SecurityChangePage'), 'SecurityChangePage', { kind: 'loginPwd', key: 'loginPwd' }), menu: { labelKey: 'menu.user.loginPassword', place: 21 } },
      { path: 's-securitypwd', page: page(() => import('./views/user/SecurityChangePage'), 'SecurityChangePage', { kind: 'fundsPwd', key: 'fundsPwd' }), menu: { labelKey: 'menu.user.fundPassword', place: 22 } },
      { path: 's-emailset', page: page(() => import('./views/user/SecurityChangePage'), 'SecurityChangePage', { kind: 'email', key: 'email' }), menu: { labelKey: 'menu.user.changeEmail', place: 23, shownTo: isEmail } },
      { path: 's-phoneset', page: page(() => import('./views/user/SecurityChangePage'), 'SecurityChangePage', { kind: 'phone', key: 'phone' }), menu: { labelKey: 'menu.user.changePhone', place: 23, shownTo: (account) => !isEmail(account) } },
      { path: 's-sessions', page: page(() => import('./views/user/SessionsPage'), 'SessionsPage'), menu: { labelKey: 'menu.user.sessions', place: 25 } },
      { path: 'api', page: page(() => import('./views/user/ApiKeysPage'), 'ApiKeysPage'), menu: { labelKey: 'menu.user.apiKeys', place: 27 } },
      { path: 's-loginhistory', page: page(() => import('./views/user/LoginHistoryPage'), 'LoginHistoryPage'), menu: { labelKey: 'menu.user.loginHistory', place: 26 } },
      { path: 's-antiphishing', page: page(() => import('./views/user/AntiPhishingPage'), 'AntiPhishingPage'), menu: { labelKey: 'menu.user.antiPhishing', place: 24 } },
      { path: 'c-symAddr', page: page(() => import('./views/user/AddressBookPage'), 'AddressBookPage'), menu: { labelKey: 'menu.user.withdrawAddresses', place: 41 } },
      { path: 'c-collAddr', page: page(() => import('./views/user/CollectionMethodsPage'), 'CollectionMethodsPage'), menu: { labelKey: 'menu.user.collection', place: 42 } },
      { path: 'addCollAddr', page: page(() => import('./views/user/CollectionMethodFormPage'), 'CollectionMethodFormPage', { mode: 'add' }) },
      { path: 'editCollAddr/:id', page: page(() => import('./views/user/CollectionMethodFormPage'), 'CollectionMethodFormPage', { mode: 'edit' }) },
    ],
  },
  // The operator's user desk: find a user, reset their 2FA after a lost device (issue 35).
  // Last of the desks: the identity review stays the operator's landing desk.
  desks: () => import('./desks').then((m) => m.desks),
  // The machines and their effects load with the product's first page (accounts.flows.ts).
  load: () => import('./accounts.flows'),
});
