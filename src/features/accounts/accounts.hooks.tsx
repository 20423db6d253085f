import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
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
import type { LoginHistoryItem } from '../../../domain/sessions';
import type { antiPhishingMachine } from './machines/antiPhishing/antiPhishing.machine';
import type { securityLevelMachine } from './machines/securityLevel/securityLevel.machine';
import type { twoFactorEnrolmentMachine } from './machines/twoFactor/twoFactorEnrolment.machine';
import type { twoFactorLoginMachine } from './machines/twoFactor/twoFactorLogin.machine';
import type { OperatorUsersFilter, operatorUsersMachine } from './machines/operatorUsers/operatorUsers.machine';
import type { OperatorUserRow } from '../../../domain/twoFactor';

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
  securityChange: typeof securityChangeMachine;
  addresses: typeof recordBookMachine;
  collectionMethods: typeof recordBookMachine;
  sessions: typeof sessionsMachine;
  apiKeys: typeof apiKeysMachine;
  /** The sign-in attempts (the shared paged list over the login-history call). */
  loginHistory: TypedPagedList<object, LoginHistoryItem>;
  antiPhishing: typeof antiPhishingMachine;
  securityLevel: typeof securityLevelMachine;
  twoFactorLogin: typeof twoFactorLoginMachine;
  twoFactorEnrolment: typeof twoFactorEnrolmentMachine;
  operatorUsers: typeof operatorUsersMachine;
}

const useAccounts = AccountsContext.use;

/** The login page's own actor. */
export function useLoginFlow() {
  const actor = useActorRef(useAccounts().login);
  const submitting = useSelector(actor, (s) => s.matches('submitting'));
  const submit = useMemo(() => (fields: LoginFields) => actor.send({ type: 'login.submit', fields }), [actor]);
  // 2FA on: the challenge for the code step (useTwoFactorLoginFlow), until it is left.
  const challenge = useSelector(actor, (s) => (s.matches('secondFactor') ? s.context.challenge?.challenge : undefined));
  const cancelSecondFactor = useCallback(() => actor.send({ type: 'secondFactor.cancel' }), [actor]);
  return { submitting, submit, challenge, cancelSecondFactor };
}

/** The sign-in's code step: its own actor for one challenge (machines/twoFactor/twoFactorLogin). */
export function useTwoFactorLoginFlow(challenge: string) {
  const actor = useActorRef(useAccounts().twoFactorLogin, { input: { challenge } });
  const recovery = useSelector(actor, (s) => s.matches('recovery') || s.matches('verifyingRecovery'));
  const verifying = useSelector(actor, (s) => s.matches('verifyingCode') || s.matches('verifyingRecovery'));
  const refusal = useSelector(actor, (s) => s.context.refusal);
  const send = useMemo(
    () => ({
      submit: (code: string) => actor.send({ type: 'code.submit', code }),
      useRecovery: () => actor.send({ type: 'recovery.use' }),
      back: () => actor.send({ type: 'recovery.back' }),
    }),
    [actor],
  );
  return { recovery, verifying, refusal, ...send };
}

/** 2FA in the user centre (machines/twoFactor/twoFactorEnrolment). */
export function useTwoFactorEnrolmentFlow() {
  const actor = useActorRef(useAccounts().twoFactorEnrolment);
  const step = useSelector(actor, (s) =>
    s.matches('loading') || s.matches('choosing') ? 'loading' : s.matches('starting') ? 'off' : s.matches('confirming') ? 'scanning' : s.matches('disabling') ? 'on' : (s.value as 'failed' | 'off' | 'scanning' | 'showingCodes' | 'on'),
  );
  const busy = useSelector(actor, (s) => s.matches('starting') || s.matches('confirming') || s.matches('disabling'));
  const status = useSelector(actor, (s) => s.context.status);
  const enrolment = useSelector(actor, (s) => s.context.enrolment);
  const recoveryCodes = useSelector(actor, (s) => s.context.recoveryCodes);
  const send = useMemo(
    () => ({
      start: () => actor.send({ type: 'enrol.start' }),
      confirm: (code: string) => actor.send({ type: 'enrol.confirm', code }),
      cancel: () => actor.send({ type: 'enrol.cancel' }),
      codesSaved: () => actor.send({ type: 'codes.saved' }),
      disable: (code: string) => actor.send({ type: 'disable.submit', code }),
      retry: () => actor.send({ type: 'retry' }),
    }),
    [actor],
  );
  return { step, busy, status, enrolment, recoveryCodes, ...send };
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
  const state = {
    sendingCode: useSelector(actor, (s) => s.matches({ flow: 'sendingCode' })),
    checking: useSelector(actor, (s) => s.matches({ flow: 'checkingCode' })),
    atDetails: useSelector(actor, (s) => s.matches({ flow: 'details' }) || s.matches({ flow: 'submitting' })),
    submitting: useSelector(actor, (s) => s.matches({ flow: 'submitting' })),
    resendIn: useSelector(actor, (s) => s.context.resendIn),
    account: useSelector(actor, (s) => s.context.account),
  };
  const send = useMemo(
    () => ({
      sendCode: (fields: AccountFields) => actor.send({ type: 'reg.sendCode', fields }),
      checkCode: (fields: AccountFields & { code: string }) => actor.send({ type: 'reg.checkCode', fields }),
      submit: (fields: DetailFields) => actor.send({ type: 'reg.submit', fields }),
      back: () => actor.send({ type: 'reg.back' }),
    }),
    [actor],
  );
  return { ...state, ...send };
}

export function usePasswordResetFlow() {
  const actor = ResetContext.use();
  const state = {
    sendingCode: useSelector(actor, (s) => s.matches({ flow: 'sendingCode' })),
    atNewPassword: useSelector(actor, (s) => s.matches({ flow: 'newPassword' }) || s.matches({ flow: 'resetting' })),
    resetting: useSelector(actor, (s) => s.matches({ flow: 'resetting' })),
    resendIn: useSelector(actor, (s) => s.context.resendIn),
    account: useSelector(actor, (s) => s.context.account),
  };
  const send = useMemo(
    () => ({
      sendCode: (fields: AccountFields) => actor.send({ type: 'reset.sendCode', fields }),
      submit: (fields: ResetFields) => actor.send({ type: 'reset.submit', fields }),
      back: () => actor.send({ type: 'reset.back' }),
    }),
    [actor],
  );
  return { ...state, ...send };
}

export function useProfileFlow() {
  const actor = useActorRef(useAccounts().profile);
  const state = {
    avatarUrl: useSelector(actor, (s) => s.context.avatarUrl),
    savingNickname: useSelector(actor, (s) => s.matches({ work: 'savingNickname' })),
    uploading: useSelector(actor, (s) => s.matches({ work: 'uploadingAvatar' })),
  };
  const send = useMemo(
    () => ({
      saveNickname: (nickname: string) => actor.send({ type: 'profile.saveNickname', nickname }),
      uploadAvatar: (file: AvatarFile) => actor.send({ type: 'profile.uploadAvatar', file }),
      copy: (text: string) => actor.send({ type: 'profile.copy', text }),
    }),
    [actor],
  );
  return { ...state, ...send };
}

/** Seconds left on a resend countdown child (rendered from its own snapshot), 0 when none runs. */
function useRemaining(child: AnyActorRef | undefined): number {
  const subscribe = useCallback((onChange: () => void) => {
    const subscription = child?.subscribe(onChange);
    return () => subscription?.unsubscribe();
  }, [child]);
  return useSyncExternalStore(subscribe, () => (child?.getSnapshot() as { context?: { remaining?: number } } | undefined)?.context?.remaining ?? 0);
}

export function useSecurityChangeFlow(kind: SecurityKind) {
  const actor = useActorRef(useAccounts().securityChange, { input: { kind } });
  const current = useSelector(actor, (s) => s.children.resendCurrent);
  const next = useSelector(actor, (s) => s.children.resendNew);
  const state = {
    sending: useSelector(actor, (s) => s.matches({ flow: 'sendingCode' })),
    submitting: useSelector(actor, (s) => s.matches({ flow: 'submitting' })),
    done: useSelector(actor, (s) => s.matches({ flow: 'done' })),
    resendCurrentIn: useRemaining(current),
    resendNewIn: useRemaining(next),
  };
  const send = useMemo(
    () => ({
      sendCode: (to: CodeTarget, account?: string, area_code?: string) => actor.send({ type: 'security.sendCode', to, account, area_code }),
      submit: (fields: SecurityFields) => actor.send({ type: 'security.submit', fields }),
    }),
    [actor],
  );
  return { ...state, ...send };
}

/** The success messages of spec §8 for each book. */
const BOOK_MESSAGES = {
  addresses: { added: 'addresses.added', edited: 'addresses.added', deleted: 'addresses.deleted' },
  collectionMethods: { added: 'addresses.methodAdded', edited: 'addresses.methodEdited', deleted: 'addresses.methodDeleted' },
};

export function useRecordBookFlow(which: 'addresses' | 'collectionMethods') {
  const actor = useActorRef(useAccounts()[which], { input: { messages: BOOK_MESSAGES[which] } });
  const state = {
    records: useSelector(actor, (s) => s.context.records),
    loading: useSelector(actor, (s) => s.matches('loading')),
    loadFailed: useSelector(actor, (s) => s.matches('loadFailed')),
    saving: useSelector(actor, (s) => s.matches('saving')),
    confirmingDelete: useSelector(actor, (s) => s.matches('confirmingDelete')),
  };
  const send = useMemo(
    () => ({
      save: (fields: RecordFields, id?: number) => actor.send({ type: 'book.save', id, fields }),
      remove: (id: number) => actor.send({ type: 'book.delete', id }),
      confirm: () => actor.send({ type: 'book.confirm' }),
      cancel: () => actor.send({ type: 'book.cancel' }),
      retry: () => actor.send({ type: 'book.retry' }),
    }),
    [actor],
  );
  return { ...state, ...send };
}

/** The operator's user desk (machines/operatorUsers): search, pages, and the 2FA reset behind a confirmation. */
export function useOperatorUsers() {
  const actor = useActorRef(useAccounts().operatorUsers);
  // The users: the machine's `list` child, the shared paged list.
  const users = usePagedListOf(useListChild<OperatorUsersFilter, OperatorUserRow>(actor));
  const { rows, setPage, reload } = users;
  const state = {
    list: rows,
    total: users.total,
    page: users.page,
    /** Rows per page (OPERATOR_USERS_PAGE_SIZE), as the list holds it. */
    size: users.size,
    account: users.filter.account,
    loading: users.loading,
    failed: users.failed,
    resetting: useSelector(actor, (s) => s.matches('resetting')),
    confirming: useSelector(actor, (s) => (s.matches('confirmingReset') ? s.context.target : undefined)),
  };
  const send = useMemo(
    () => ({
      search: (account: string) => actor.send({ type: 'users.search', account }),
      setPage,
      reload,
      reset: (id: number) => {
        const user = rows.find((u) => u.id === id);
        if (user) actor.send({ type: 'users.reset2fa', user });
      },
      confirm: () => actor.send({ type: 'users.confirm' }),
      cancel: () => actor.send({ type: 'users.cancel' }),
    }),
    [actor, rows, setPage, reload],
  );
  return { ...state, ...send };
}
