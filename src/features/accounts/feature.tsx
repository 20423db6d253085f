import { fromPromise } from 'xstate';
import { Navigate } from 'react-router-dom';
import { defineFeature, page } from '../../app/feature';
import { avatarAsDataUrl } from '../../services/avatarFile';
import { copyText } from '../../services/clipboard';
import { AccountsContext, PasswordResetFlow, RegistrationFlow } from './accounts.hooks';
import { createAccountsActors } from './actors/accounts.actors';
import { createUserCentreActors } from './actors/userCentre.actors';
import { loginMachine, type SessionGrant } from './machines/login/login.machine';
import { passwordResetMachine } from './machines/passwordReset/passwordReset.machine';
import { profileMachine } from './machines/profile/profile.machine';
import { recordBookMachine } from './machines/recordBook/recordBook.machine';
import { registrationMachine } from './machines/registration/registration.machine';
import { securityChangeMachine } from './machines/securityChange/securityChange.machine';

/** Login, registration, password reset, and the user centre (/user: profile, security, address book, collection methods). */
export const accountsFeature = defineFeature({
  id: 'accounts',
  context: AccountsContext,
  routes: {
    site: [
      { path: 'login', page: page(() => import('./views/auth/LoginPage'), 'LoginPage') },
      {
        element: <PasswordResetFlow />,
        children: [
          { path: 'forget-pass', page: page(() => import('./views/auth/ForgetPassPage'), 'ForgetPassPage') },
          { path: 'set-pass', page: page(() => import('./views/auth/SetPassPage'), 'SetPassPage') },
        ],
      },
      {
        element: <RegistrationFlow />,
        children: [
          { path: 'reg', page: page(() => import('./views/auth/RegisterPage'), 'RegisterPage') },
          { path: 'reg-next', page: page(() => import('./views/auth/RegisterNextPage'), 'RegisterNextPage') },
        ],
      },
      { path: 'agree', page: page(() => import('./views/auth/AgreePage'), 'AgreePage') },
    ],
    user: [
      { index: true, element: <Navigate to="/user/user" replace /> },
      { path: 'user', page: page(() => import('./views/user/PersonalInfoPage'), 'PersonalInfoPage') },
      { path: 'c-set', page: page(() => import('./views/user/GeneralSettingsPage'), 'GeneralSettingsPage') },
      { path: 's-securityset', page: page(() => import('./views/user/SecuritySetPage'), 'SecuritySetPage') },
      { path: 's-loginpwd', page: page(() => import('./views/user/SecurityChangePage'), 'SecurityChangePage', { kind: 'loginPwd', key: 'loginPwd' }) },
      { path: 's-securitypwd', page: page(() => import('./views/user/SecurityChangePage'), 'SecurityChangePage', { kind: 'fundsPwd', key: 'fundsPwd' }) },
      { path: 's-emailset', page: page(() => import('./views/user/SecurityChangePage'), 'SecurityChangePage', { kind: 'email', key: 'email' }) },
      { path: 's-phoneset', page: page(() => import('./views/user/SecurityChangePage'), 'SecurityChangePage', { kind: 'phone', key: 'phone' }) },
      { path: 'c-symAddr', page: page(() => import('./views/user/AddressBookPage'), 'AddressBookPage') },
      { path: 'c-collAddr', page: page(() => import('./views/user/CollectionMethodsPage'), 'CollectionMethodsPage') },
      { path: 'addCollAddr', page: page(() => import('./views/user/CollectionMethodFormPage'), 'CollectionMethodFormPage', { mode: 'add' }) },
      { path: 'editCollAddr/:id', page: page(() => import('./views/user/CollectionMethodFormPage'), 'CollectionMethodFormPage', { mode: 'edit' }) },
    ],
  },
  provide: ({ api, i18n, navigate, showToast, shell: { session } }) => {
    const actors = createAccountsActors(api);
    const user = createUserCentreActors(api, avatarAsDataUrl);
    const signedIn = (_: unknown, grant: SessionGrant) => {
      session.send({ type: 'session.signedIn', token: grant.token, user: grant.user_info });
      navigate('/home');
    };
    const refreshSession = () => session.send({ type: 'session.refresh' });
    return {
      login: loginMachine.provide({ actors: { login: actors.login }, actions: { signedIn, showToast } }),
      registration: registrationMachine.provide({
        actors: { sendCode: actors.sendRegisterCode, checkCode: actors.checkRegisterCode, register: actors.register },
        actions: { signedIn, showToast, goToDetails: () => navigate('/reg-next') },
      }),
      passwordReset: passwordResetMachine.provide({
        actors: { sendCode: actors.sendResetCode, reset: actors.resetPassword },
        actions: { showToast, goToNewPassword: () => navigate('/set-pass'), goToLogin: () => navigate('/login') },
      }),
      profile: profileMachine.provide({
        actors: {
          fetchAvatar: user.fetchAvatar,
          saveNickname: user.saveNickname,
          uploadAvatar: user.uploadAvatar,
          copyText: fromPromise<boolean, { text: string }>(({ input }) => copyText(input.text)),
        },
        actions: { showToast, refreshSession },
      }),
      securityChange: securityChangeMachine.provide({
        actors: { sendCode: user.sendSecurityCode, submitChange: user.submitSecurityChange },
        // The server already ended every session: clear ours and go to /login with "log in again".
        actions: { showToast, sessionEnded: () => session.send({ type: 'session.forbidden', message: i18n.t('security.loginAgain') }) },
      }),
      addresses: recordBookMachine.provide({
        actors: { fetchRecords: user.fetchAddresses, saveRecord: user.saveAddress, deleteRecord: user.deleteAddress },
        actions: { showToast },
      }),
      collectionMethods: recordBookMachine.provide({
        actors: { fetchRecords: user.fetchMethods, saveRecord: user.saveMethod, deleteRecord: user.deleteMethod },
        actions: { showToast, saved: () => navigate('/user/c-collAddr') },
      }),
    };
  },
});
