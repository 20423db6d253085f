import { assign, setup, type ActorRefFrom } from 'xstate';
import type { NameStatus } from '../../../../../domain/api';
import { USER_ACTIONS, type UserActionKind, type UserPage } from '../../../../../domain/usersDesk';
import { toastError, showToast } from '../../../../app/machines/toast/toastError';
import { isTotpCode } from '../../../../../domain/twoFactor';
import { readState } from '../../../../app/machines/loadStates/loadStates';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';

/** What an action sends: the user, the reason (a note's text for a note), the operator's code, and the identity level when that is the action. */
export interface UserActionRequest {
  action: UserActionKind;
  user_id: number;
  reason: string;
  code?: string;
  name_status?: NameStatus;
}

/** Why the dialog cannot send yet: the reason is empty, or the action asks a 6-digit code. */
export type DialogProblem = 'reasonRequired' | 'codeRequired' | undefined;

export interface OperatorUserContext {
  userId: number | undefined;
  page: UserPage | undefined;
  /** The action being asked for, while its dialog is open. */
  action: UserActionKind | undefined;
  problem: DialogProblem;
  request: UserActionRequest | undefined;
}

export type OperatorUserEvent =
  | { type: 'user.open'; userId: number }
  | Signals<'user', 'close' | 'reload'>
  /** Open the dialog of an action on this user. */
  | { type: 'action.start'; action: UserActionKind }
  /** The dialog's form, sent: checked here (reason, code), then the call. */
  | { type: 'action.submit'; reason: string; code?: string; name_status?: NameStatus }
  | { type: 'action.cancel' };

/** Each action's confirmation (literal keys, for the i18n check). */
const DONE_KEYS: Record<UserActionKind, string> = {
  freeze: 'usersDesk.done.freeze',
  unfreeze: 'usersDesk.done.unfreeze',
  endSessions: 'usersDesk.done.endSessions',
  suspendKeys: 'usersDesk.done.suspendKeys',
  resetTwoFactor: 'usersDesk.done.resetTwoFactor',
  identity: 'usersDesk.done.identity',
  note: 'usersDesk.done.note',
};

/** A freeze whose products could not all release (FreezeDone.failed): the operator must look. */
const releaseFailed = (output: unknown): boolean => {
  const failed = (output as { failed?: unknown } | null)?.failed;
  return Array.isArray(failed) && failed.length > 0;
};

const needsCode = (action: UserActionKind | undefined) => (action ? USER_ACTIONS[action].code : false);

/**
 * A user's page on the users desk (issue 51 §3): read once opened (profile, identity, balances,
 * orders, positions, P2P, ICO, deposits and withdrawals, sign-ins, sessions, devices, API keys,
 * notes), and the actions on it. Each action opens a dialog that asks a reason and — for those that
 * change money or access — the operator's own 2FA code; nothing is sent without them. Done, the
 * page is read again (the freeze shows, the sessions are gone); refused (a wrong code), the dialog
 * stays open with the code cleared and the server's message in a toast.
 */
const operatorUserSetup = setup({
  types: { context: {} as OperatorUserContext, events: {} as OperatorUserEvent },
  actors: {
    loadUser: toBeProvided<UserPage, { user_id: number }>('loadUser'),
    runAction: toBeProvided<unknown, UserActionRequest>('runAction'),
  },
  actions: {
    showToast,
    closeDialog: assign({ action: undefined, problem: undefined, request: undefined }),
  },
  guards: {
    hasReason: ({ event }) => event.type === 'action.submit' && event.reason.trim().length > 0,
    complete: ({ context, event }) =>
      event.type === 'action.submit' && event.reason.trim().length > 0 && (!needsCode(context.action) || isTotpCode((event.code ?? '').trim())),
  },
});

export const operatorUserMachine = operatorUserSetup.createMachine({
  id: 'operatorUser',
  context: { userId: undefined, page: undefined, action: undefined, problem: undefined, request: undefined },
  initial: 'none',
  on: {
    'user.open': { target: '.loading', actions: [assign({ userId: ({ event }) => event.userId, page: undefined }), 'closeDialog'] },
    'user.close': { target: '.none', actions: [assign({ userId: undefined, page: undefined }), 'closeDialog'] },
  },
  states: {
    none: {},
    loading: readState(operatorUserSetup, { src: 'loadUser', input: ({ context }) => ({ user_id: context.userId! }), into: (page) => ({ page }), next: 'shown', failed: 'failed' }),
    failed: { on: { 'user.reload': 'loading' } },
    shown: {
      initial: 'idle',
      on: { 'user.reload': { target: 'loading', actions: 'closeDialog' } },
      states: {
        idle: {
          on: { 'action.start': { target: 'asking', actions: assign({ action: ({ event }) => event.action, problem: undefined }) } },
        },
        asking: {
          description: 'The reason goes to the audit log (a note is its own text); money and access also ask the operator’s own 2FA code.',
          on: {
            'action.submit': [
              {
                guard: { type: 'complete' },
                target: 'acting',
                actions: assign({
                  problem: undefined,
                  request: ({ context, event }) => ({
                    action: context.action!,
                    user_id: context.userId!,
                    reason: event.reason.trim(),
                    ...(needsCode(context.action) ? { code: (event.code ?? '').trim() } : {}),
                    ...(context.action === 'identity' && event.name_status ? { name_status: event.name_status } : {}),
                  }),
                }),
              },
              { guard: 'hasReason', actions: assign({ problem: 'codeRequired' as DialogProblem }) },
              { actions: assign({ problem: 'reasonRequired' as DialogProblem }) },
            ],
            'action.cancel': { target: 'idle', actions: 'closeDialog' },
          },
        },
        acting: {
          invoke: {
            id: 'runAction',
            src: 'runAction',
            input: ({ context }) => context.request!,
            onDone: {
              target: '#operatorUser.loading',
              actions: [
                {
                  type: 'showToast',
                  params: ({ context, event }) =>
                    releaseFailed(event.output)
                      ? { tone: 'error' as const, message: { key: 'usersDesk.releaseFailed' } }
                      : { tone: 'success' as const, message: { key: DONE_KEYS[context.action!] } },
                },
                'closeDialog',
              ],
            },
            onError: { target: 'asking', actions: toastError },
          },
        },
      },
    },
  },
});

export type OperatorUserActorRef = ActorRefFrom<typeof operatorUserMachine>;
