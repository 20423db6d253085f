import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useSyncExternalStore } from 'react';
import type { AnyActorRef } from 'xstate';
import { createFlowContext } from '../../app/flowContext';
import { AccountsContext } from './accounts.context';
import type { SecurityKind } from '../../../domain/userCentre';
import type { LoginFields, loginMachine } from './machines/login/login.machine';
import type { PasswordResetActorRef, ResetFields, passwordResetMachine } from './machines/passwordReset/passwordReset.machine';
import type { AvatarFile, profileMachine } from './machines/profile/profile.machine';
import type { RecordFields, recordBookMachine } from './machines/recordBook/recordBook.machine';
import type { AccountFields, DetailFields, RegistrationActorRef, registrationMachine } from './machines/registration/registration.machine';
import type { CodeTarget, SecurityFields, securityChangeMachine } from './machines/securityChange/securityChange.machine';
import type { sessionsMachine } from './machines/sessions/sessions.machine';
import type { apiKeysMachine } from './machines/apiKeys/apiKeys.machine';
import type { TypedPagedList } from '../../app/machines/pagedList/pagedList.typed';
import { useListChild, usePagedListOf } from '../../app/views/usePagedList';
import { useActorFlow, signals } from '../../app/views/actorFlow';
import type { OperatorPermission } from '../../../domain/operators';
import type { LoginHistoryItem } from '../../../domain/sessions';
import type { antiPhishingMachine } from './machines/antiPhishing/antiPhishing.machine';
import type { noticeSettingsMachine } from './machines/noticeSettings/noticeSettings.machine';
import type { securityLevelMachine } from './machines/securityLevel/securityLevel.machine';
import type { addressNetworksMachine } from './machines/addressNetworks/addressNetworks.machine';
import type { twoFactorEnrolmentMachine } from './machines/twoFactor/twoFactorEnrolment.machine';
import type { twoFactorLoginMachine } from './machines/twoFactor/twoFactorLogin.machine';
import type { OperatorUsersFilter, operatorUsersMachine } from './machines/operatorUsers/operatorUsers.machine';
import type { operatorUserMachine } from './machines/operatorUser/operatorUser.machine';
import type { NameStatus } from '../../../domain/api';
import type { UserActionKind, UsersDeskRow, UsersQuery } from '../../../domain/usersDesk';

/**
 * The accounts flows, supplied with their effects in accounts/feature.tsx: login, registration and
 * password reset, and the user centre (spec §2 /user: profile, security changes, withdrawal
 * addresses, collection methods). Each page (or a layout route spanning a flow's pages, such as
 * /reg + /reg-next) starts its own actor from them, so a flow's state lives as long as the page.
 */
export interface AccountsFlows {
  login: typeof loginMachine;
  registration: typeof registrationMachine;
  passwordReset: typeof passwordResetMachine;
  profile: typeof profileMachine;
  /** /user/c-set's "Email notifications": whether the trading alerts are emailed too. */
  noticeSettings: typeof noticeSettingsMachine;
  securityChange: typeof securityChangeMachine;
  addresses: typeof recordBookMachine;
  collectionMethods: typeof recordBookMachine;
  /** The address book's Network choices: the chosen currency's networks (issue 50 M12). */
  addressNetworks: typeof addressNetworksMachine;
  sessions: typeof sessionsMachine;
  apiKeys: typeof apiKeysMachine;
  /** The sign-in attempts (the shared paged list over the login-history call). */
  loginHistory: TypedPagedList<object, LoginHistoryItem>;
  antiPhishing: typeof antiPhishingMachine;
  securityLevel: typeof securityLevelMachine;
  twoFactorLogin: typeof twoFactorLoginMachine;
  twoFactorEnrolment: typeof twoFactorEnrolmentMachine;
  operatorUsers: typeof operatorUsersMachine;
  operatorUser: typeof operatorUserMachine;
  /** Whether the signed-in operator's roles grant a permission (the users desk offers only those actions). */
  operatorGrants: (permission: OperatorPermission) => boolean;
}

const useAccounts = AccountsContext.use;

/** The login page's own actor. */
export function useLoginFlow() {
  return useActorFlow(
    useActorRef(useAccounts().login),
    {
      submitting: (s) => s.matches('submitting'),
      // 2FA on: the challenge for the code step (useTwoFactorLoginFlow), until it is left.
      challenge: (s) => (s.matches('secondFactor') ? s.context.challenge?.challenge : undefined),
      // Wrong codes have locked the account's checks: the code step offers the emailed unlock first.
      challengeLocked: (s) => Boolean(s.context.challenge?.locked),
      // The server's refusal (a wrong password), under the form until it is changed (issue 50 S3).
      refusal: (s) => s.context.refusal,
    },
    {
      submit: (fields: LoginFields) => ({ type: 'login.submit', fields }),
      edit: () => ({ type: 'login.edit' }),
      cancelSecondFactor: () => ({ type: 'secondFactor.cancel' }),
    },
  );
}

/** The sign-in's code step: its own actor for one challenge (machines/twoFactor/twoFactorLogin). */
export function useTwoFactorLoginFlow(challenge: string, locked = false) {
  return useActorFlow(
    useActorRef(useAccounts().twoFactorLogin, { input: { challenge, locked } }),
    {
      recovery: (s) => s.context.recovery,
      verifying: (s) => s.matches('verifying'),
      refusal: (s) => s.context.refusal,
      // The emailed unlock is offered when the step is known locked, or after a refused code (which may have locked it).
      offerUnlock: (s) => s.context.locked || s.context.failed,
      locked: (s) => s.context.locked,
      unlockSent: (s) => s.context.unlockSent,
      unlockBusy: (s) => s.matches('sendingUnlock') || s.matches('unlocking'),
      // Why the unlock email was not sent, at its button until it is asked again (issue 50 S3).
      unlockRefusal: (s) => s.context.unlockRefusal,
    },
    {
      submit: (code: string) => ({ type: 'code.submit', code }),
      edit: () => ({ type: 'code.edit' }),
      useRecovery: () => ({ type: 'recovery.use' }),
      back: () => ({ type: 'recovery.back' }),
      sendUnlock: () => ({ type: 'unlock.send' }),
      unlock: (code: string) => ({ type: 'unlock.submit', code }),
    },
  );
}

/** The panel's step for each state of the enrolment machine: a call under way shows the step it started from. */
const ENROLMENT_STEP = {
  loading: 'loading',
  choosing: 'loading',
  loadFailed: 'failed',
  off: 'off',
  askingPassword: 'password',
  starting: 'password',
  scanning: 'scanning',
  confirming: 'scanning',
  showingCodes: 'showingCodes',
  on: 'on',
  disabling: 'on',
  rechecking: 'on',
  locked: 'locked',
  sendingUnlock: 'locked',
  unlocking: 'locked',
} as const;

/** 2FA in the user centre (machines/twoFactor/twoFactorEnrolment). */
export function useTwoFactorEnrolmentFlow() {
  return useActorFlow(
    useActorRef(useAccounts().twoFactorEnrolment),
    {
      step: (s) => ENROLMENT_STEP[s.value as keyof typeof ENROLMENT_STEP],
      busy: (s) => (['starting', 'confirming', 'disabling', 'rechecking', 'sendingUnlock', 'unlocking'] as const).some((state) => s.matches(state)),
      status: (s) => s.context.status,
      enrolment: (s) => s.context.enrolment,
      recoveryCodes: (s) => s.context.recoveryCodes,
      unlockSent: (s) => s.context.unlockSent,
      // The step's last refusal, in the panel until a field changes or it is sent again (issue 50 S3).
      refusal: (s) => s.context.refusal,
    },
    {
      ...signals('enrol', ['start', 'cancel']),
      edit: () => ({ type: 'twoFactor.edit' }),
      password: (password: string) => ({ type: 'enrol.password', password }),
      sendUnlock: () => ({ type: 'unlock.send' }),
      unlock: (code: string) => ({ type: 'unlock.submit', code }),
      confirm: (code: string) => ({ type: 'enrol.confirm', code }),
      codesSaved: () => ({ type: 'codes.saved' }),
      disable: (code: string) => ({ type: 'disable.submit', code }),
      retry: () => ({ type: 'retry' }),
    },
  );
}

/** The registration actor shared by /reg and /reg-next (provided by views/auth/RegistrationFlow). */
export const RegistrationContext = createFlowContext<RegistrationActorRef>('Registration');
/** The reset actor shared by /forget-pass and /set-pass (provided by views/auth/PasswordResetFlow). */
export const ResetContext = createFlowContext<PasswordResetActorRef>('PasswordReset');

/** A registration actor started from the product's flows, for the layout route around its steps. */
export const useRegistrationActor = () => useActorRef(useAccounts().registration);
/** A password-reset actor, for the layout route around its steps. */
export const usePasswordResetActor = () => useActorRef(useAccounts().passwordReset);

export function useRegistrationFlow() {
  const actor = RegistrationContext.use();
  const flow = useActorFlow(
    actor,
    {
      sendingCode: (s) => s.matches({ flow: 'sendingCode' }),
      checking: (s) => s.matches({ flow: 'checkingCode' }),
      atDetails: (s) => s.matches({ flow: 'details' }) || s.matches({ flow: 'submitting' }),
      submitting: (s) => s.matches({ flow: 'submitting' }),
      account: (s) => s.context.account,
      // A refused invitation code, for its field (while the field still holds it).
      invitationRefusal: (s) => s.context.invitationRefusal,
      // Step two's other refusal, written in the form until it is sent again.
      refusal: (s) => s.context.refusal,
    },
    {
      sendCode: (fields: AccountFields) => ({ type: 'reg.sendCode', fields }),
      checkCode: (fields: AccountFields & { code: string }) => ({ type: 'reg.checkCode', fields }),
      submit: (fields: DetailFields) => ({ type: 'reg.submit', fields }),
      back: () => ({ type: 'reg.back' }),
    },
  );
  return { ...flow, resendIn: useRemaining(actor, 'resendCountdown') };
}

export function usePasswordResetFlow() {
  const actor = ResetContext.use();
  const flow = useActorFlow(
    actor,
    {
      sendingCode: (s) => s.matches({ flow: 'sendingCode' }),
      atNewPassword: (s) => s.matches({ flow: 'newPassword' }) || s.matches({ flow: 'resetting' }),
      resetting: (s) => s.matches({ flow: 'resetting' }),
      account: (s) => s.context.account,
    },
    {
      sendCode: (fields: AccountFields) => ({ type: 'reset.sendCode', fields }),
      submit: (fields: ResetFields) => ({ type: 'reset.submit', fields }),
      back: () => ({ type: 'reset.back' }),
    },
  );
  return { ...flow, resendIn: useRemaining(actor, 'resendCountdown') };
}

export function useProfileFlow() {
  return useActorFlow(
    useActorRef(useAccounts().profile),
    {
      avatarUrl: (s) => s.context.avatarUrl,
      savingNickname: (s) => s.matches({ work: 'savingNickname' }),
      uploading: (s) => s.matches({ work: 'uploadingAvatar' }),
    },
    {
      saveNickname: (nickname: string) => ({ type: 'profile.saveNickname', nickname }),
      uploadAvatar: (file: AvatarFile) => ({ type: 'profile.uploadAvatar', file }),
      copy: (text: string) => ({ type: 'profile.copy', text }),
    },
  );
}

/**
 * Seconds left on a resend countdown child of the flow's actor (machines/shared/resendWait),
 * rendered from the child's own snapshot; 0 when none runs.
 */
function useRemaining(actor: AnyActorRef, child: string): number {
  const countdown = useSelector(actor, (s) => s.children[child] as AnyActorRef | undefined);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = countdown?.subscribe(onChange);
      return () => subscription?.unsubscribe();
    },
    [countdown],
  );
  return useSyncExternalStore(subscribe, () => (countdown?.getSnapshot() as { context?: { remaining?: number } } | undefined)?.context?.remaining ?? 0);
}

export function useSecurityChangeFlow(kind: SecurityKind) {
  const actor = useActorRef(useAccounts().securityChange, { input: { kind } });
  const flow = useActorFlow(
    actor,
    {
      sending: (s) => s.matches({ flow: 'sendingCode' }),
      submitting: (s) => s.matches({ flow: 'submitting' }),
      done: (s) => s.matches({ flow: 'done' }),
      // 2FA on (its code is asked), off (not asked) or not known (asked "if 2FA is on").
      twoFactor: (s) => s.context.twoFactor,
    },
    {
      sendCode: (to: CodeTarget, account?: string, area_code?: string) => ({ type: 'security.sendCode', to, account, area_code }),
      submit: (fields: SecurityFields) => ({ type: 'security.submit', fields }),
    },
  );
  return { ...flow, resendCurrentIn: useRemaining(actor, 'resendCurrent'), resendNewIn: useRemaining(actor, 'resendNew') };
}

/** The success messages of spec §8 for each book. */
const BOOK_MESSAGES = {
  addresses: { added: 'addresses.added', edited: 'addresses.added', deleted: 'addresses.deleted' },
  collectionMethods: { added: 'addresses.methodAdded', edited: 'addresses.methodEdited', deleted: 'addresses.methodDeleted' },
};

export function useRecordBookFlow(which: 'addresses' | 'collectionMethods') {
  return useActorFlow(
    // A new withdrawal address takes the 2FA code when 2FA is on: the book reads whether it is (issue 50 C8).
    useActorRef(useAccounts()[which], { input: { messages: BOOK_MESSAGES[which], asksCode: which === 'addresses' } }),
    {
      records: (s) => s.context.records,
      loading: (s) => s.matches({ book: 'loading' }),
      loadFailed: (s) => s.matches({ book: 'loadFailed' }),
      saving: (s) => s.matches('saving'),
      // The server's refusal of the last save, under the form until it is changed (issue 50 S3).
      refusal: (s) => s.context.refusal,
      // 2FA on (the code is asked), off (not asked) or not known (asked "if 2FA is on").
      twoFactor: (s) => s.context.twoFactor,
      // The question before a record is deleted: the machine's confirm-then-act child.
      deleteQuestion: (s) => s.children.deleteRecord,
    },
    {
      save: (fields: RecordFields, id?: number) => ({ type: 'book.save', id, fields }),
      ...signals('book', ['edit', 'retry']),
      remove: (id: number) => ({ type: 'book.delete', id }),
    },
  );
}

/** The address book form's Network select: the networks of the currency chosen beside it (issue 50 M12). */
export function useAddressNetworksFlow(currency: string | undefined) {
  return useActorFlow(
    useActorRef(useAccounts().addressNetworks, { input: { currency } }),
    {
      networks: (s) => s.context.networks,
      networksOf: (s) => s.context.currency,
      loadingNetworks: (s) => s.matches('loading'),
      networksFailed: (s) => s.matches('failed'),
    },
    {
      chooseCurrency: (symbol: string) => ({ type: 'networks.currency', currency: symbol }),
      retryNetworks: () => ({ type: 'networks.retry' }),
    },
  );
}

/** The users desk's search (machines/operatorUsers): filters, pages, and the CSV export. */
export function useOperatorUsers() {
  const actor = useActorRef(useAccounts().operatorUsers);
  // The users: the machine's `list` child, the shared paged list.
  const users = usePagedListOf(useListChild<OperatorUsersFilter, UsersDeskRow>(actor));
  const desk = useActorFlow(
    actor,
    { exporting: (s) => s.matches('exporting') },
    {
      search: (query: UsersQuery) => ({ type: 'users.search', query }),
      exportCsv: () => ({ type: 'users.export' }),
    },
  );
  return {
    ...desk,
    list: users.rows,
    total: users.total,
    page: users.page,
    /** Rows per page (OPERATOR_USERS_PAGE_SIZE), as the list holds it. */
    size: users.size,
    loading: users.loading,
    failed: users.failed,
    setPage: users.setPage,
    reload: users.reload,
  };
}

/** A user's page on the users desk (machines/operatorUser): open, read, and the actions' dialog. One actor per desk: its views take the flow as a prop. */
export function useOperatorUser() {
  const flows = useAccounts();
  const flow = useActorFlow(
    useActorRef(flows.operatorUser),
    {
      userId: (s) => s.context.userId,
      page: (s) => s.context.page,
      loading: (s) => s.matches('loading'),
      failed: (s) => s.matches('failed'),
      action: (s) => s.context.action,
      problem: (s) => s.context.problem,
      acting: (s) => s.matches({ shown: 'acting' }),
    },
    {
      open: (userId: number) => ({ type: 'user.open', userId }),
      ...signals('user', ['close', 'reload']),
      start: (action: UserActionKind) => ({ type: 'action.start', action }),
      submit: (reason: string, code?: string, name_status?: NameStatus) => ({ type: 'action.submit', reason, code, name_status }),
      cancel: () => ({ type: 'action.cancel' }),
    },
  );
  return { ...flow, grants: flows.operatorGrants };
}

export type OperatorUserFlow = ReturnType<typeof useOperatorUser>;
