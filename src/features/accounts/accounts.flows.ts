import { fromPromise } from 'xstate';
import type { Services } from '../../app/services';
import { confirmActing } from '../../app/machines/confirmAct/confirmAct.machine';
import { pagedListMachine } from '../../app/machines/pagedList/pagedList.machine';
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
import { createSessionsActors } from './actors/sessions.actors';
import { antiPhishingMachine } from './machines/antiPhishing/antiPhishing.machine';
import { noticeSettingsMachine } from './machines/noticeSettings/noticeSettings.machine';
import { addressNetworksMachine } from './machines/addressNetworks/addressNetworks.machine';
import { createSafetyActors, createSecuritySignals } from './actors/safety.actors';
import { securityLevelMachine } from './machines/securityLevel/securityLevel.machine';
import { sessionsMachine } from './machines/sessions/sessions.machine';
import { createApiKeysActors } from './actors/apiKeys.actors';
import { apiKeysMachine } from './machines/apiKeys/apiKeys.machine';
import { createTwoFactorActors } from './actors/twoFactor.actors';
import { saveCsvFile } from '../../app/actors/saveFile';
import { createUsersDeskActors } from './actors/usersDesk.actors';
import { createOperatorStorage } from '../../services/operatorStorage';
import { rolesGrant, type OperatorPermission } from '../../../domain/operators';
import { operatorUsersMachine } from './machines/operatorUsers/operatorUsers.machine';
import { operatorUserMachine } from './machines/operatorUser/operatorUser.machine';
import { twoFactorEnrolmentMachine } from './machines/twoFactor/twoFactorEnrolment.machine';
import { twoFactorLoginMachine } from './machines/twoFactor/twoFactorLogin.machine';

/** The accounts flows with their effects, supplied from the shared services (loaded with the product's pages; see defineFeature's `load`). */
export const provide = ({ api, operatorApi, store, i18n, navigate, showToast, shell: { session } }: Services) => {
  const actors = createAccountsActors(api);
  const twoFactor = createTwoFactorActors(api);
  const user = createUserCentreActors(api, avatarAsDataUrl);
  const signedIn = (_: unknown, grant: SessionGrant) => {
    session.send({ type: 'session.signedIn', token: grant.token, user: grant.user_info });
    navigate('/home');
  };
  const refreshSession = () => session.send({ type: 'session.refresh' });
  const sessionsActors = createSessionsActors(api);
  const safety = createSafetyActors(api);
  const securitySignals = createSecuritySignals();
  const apiKeys = createApiKeysActors(api);
  const usersDesk = createUsersDeskActors(operatorApi);
  const operatorStored = createOperatorStorage(store);
  return {
    /**
     * Whether the signed-in operator's roles (as the session stored them at sign-in) grant a
     * permission: the users desk offers only the actions they do. A session stored before roles
     * were sent is offered them all; the server checks each call whatever the console shows.
     */
    operatorGrants: (permission: OperatorPermission): boolean => {
      const roles = (operatorStored.read().operator as { roles?: unknown } | undefined)?.roles;
      return !Array.isArray(roles) || rolesGrant(roles.filter((r): r is string => typeof r === 'string'), permission);
    },
    login: loginMachine.provide({ actors: { login: actors.login }, actions: { signedIn, showToast } }),
    twoFactorLogin: twoFactorLoginMachine.provide({
      actors: { verify: twoFactor.verifyLogin, sendUnlock: twoFactor.sendLoginUnlock, unlock: twoFactor.loginUnlock },
      actions: { signedIn, showToast },
    }),
    twoFactorEnrolment: twoFactorEnrolmentMachine.provide({
      actors: {
        fetchStatus: twoFactor.fetchStatus,
        begin: twoFactor.begin,
        confirm: twoFactor.confirm,
        disable: twoFactor.disable,
        sendUnlock: twoFactor.sendUnlock,
        unlock: twoFactor.unlock,
      },
      actions: { showToast, securityChanged: securitySignals.changed },
    }),
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
    noticeSettings: noticeSettingsMachine.provide({ actors: { fetchSettings: user.fetchNoticeSettings, saveSettings: user.saveNoticeSettings }, actions: { showToast } }),
    securityChange: securityChangeMachine.provide({
      actors: { sendCode: user.sendSecurityCode, submitChange: user.submitSecurityChange, readTwoFactor: twoFactor.readEnabled },
      // The server already ended every session: clear ours and go to /login with "log in again".
      actions: { showToast, sessionEnded: () => session.send({ type: 'session.forbidden', message: i18n.t('security.loginAgain') }) },
    }),
    addresses: recordBookMachine.provide({
      actors: { fetchRecords: user.fetchAddresses, saveRecord: user.saveAddress, deleteRecord: confirmActing(user.deleteAddress, showToast), readTwoFactor: twoFactor.readEnabled },
      actions: { showToast },
    }),
    addressNetworks: addressNetworksMachine.provide({ actors: { fetchNetworks: user.fetchNetworks }, actions: { showToast } }),
    sessions: sessionsMachine.provide({
      actors: {
        fetchSessions: sessionsActors.fetchSessions,
        revokeSession: confirmActing(sessionsActors.revokeSession, showToast),
        revokeOthers: confirmActing(sessionsActors.revokeOthers, showToast),
      },
      actions: { showToast },
    }),
    apiKeys: apiKeysMachine.provide({
      actors: {
        fetchStatus: twoFactor.fetchStatus,
        fetchKeys: apiKeys.fetchKeys,
        createKey: apiKeys.createKey,
        deleteKey: confirmActing(apiKeys.deleteKey, showToast),
        copyText: fromPromise<boolean, { text: string }>(({ input }) => copyText(input.text)),
      },
      actions: { showToast },
    }),
    loginHistory: pagedListMachine.provide({ actors: { loadPage: sessionsActors.fetchHistory }, actions: { showToast } }),
    securityLevel: securityLevelMachine.provide({ actors: { fetchLevel: safety.fetchLevel, setAllowlist: safety.setAllowlist, securitySignals: securitySignals.actor }, actions: { showToast } }),
    operatorUsers: operatorUsersMachine.provide({
      actors: { list: pagedListMachine.provide({ actors: { loadPage: usersDesk.fetchUsers }, actions: { showToast } }), exportUsers: usersDesk.exportUsers },
      actions: { showToast, saveFile: (_, file) => saveCsvFile(file) },
    }),
    operatorUser: operatorUserMachine.provide({ actors: { loadUser: usersDesk.loadUser, runAction: usersDesk.runAction }, actions: { showToast } }),
    antiPhishing: antiPhishingMachine.provide({
      actors: { fetchCode: sessionsActors.fetchCode, saveCode: sessionsActors.saveCode, sendCode: sessionsActors.sendAntiPhishingCode },
      actions: { showToast },
    }),
    collectionMethods: recordBookMachine.provide({
      actors: { fetchRecords: user.fetchMethods, saveRecord: user.saveMethod, deleteRecord: confirmActing(user.deleteMethod, showToast) },
      actions: { showToast, saved: () => navigate('/user/c-collAddr') },
    }),
  };
};
