import { fromPromise } from 'xstate';
import type { Services } from '../../app/services';
import { avatarAsDataUrl } from '../../services/avatarFile';
import { copyText } from '../../services/clipboard';
import { createAccountsActors } from './actors/accounts.actors';
import { createUserCentreActors } from './actors/userCentre.actors';
import { loginMachine, type SessionGrant } from './machines/login/login.machine';
import { passwordResetMachine } from './machines/passwordReset/passwordReset.machine';
import { profileMachine } from './machines/profile/profile.machine';
import { recordBookMachine } from './machines/recordBook/recordBook.machine';
import { registrationMachine } from './machines/registration/registration.machine';
import { securityChangeMachine } from './machines/securityChange/securityChange.machine';

/** The accounts flows with their effects, supplied from the shared services (loaded with the product's pages; see defineFeature's `load`). */
export const provide = ({ api, i18n, navigate, showToast, shell: { session } }: Services) => {
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
};
