import { assign, sendTo, setup, type ActorRefFrom } from 'xstate';
import { messageForError, type ToastMessage } from '../../../../../domain/errors';
import { apiKeyProblem, type ApiKeyCreate, type ApiKeyCreated, type ApiKeyItem } from '../../../../../domain/apiKeys';
import { isSecondFactorCode, type TwoFactorStatus } from '../../../../../domain/twoFactor';
import { confirmActMachine } from '../../../../app/machines/confirmAct/confirmAct.machine';
import type { ConfirmActReport } from '../../../../app/machines/confirmAct/confirmAct.types';
import { loadStates, readState } from '../../../../app/machines/loadStates/loadStates';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { showToast } from '../../../../app/machines/toast/toastError';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';

export type ApiKeysEvent =
  | { type: 'apiKeys.create'; fields: ApiKeyCreate }
  /** The user changed the create form: the refusal under it goes. */
  | Signals<'apiKeys', 'edit' | 'copySecret' | 'secretSaved'>
  | { type: 'apiKeys.delete'; apiKey: string }
  | { type: 'apiKeys.retry' }
  /** From the `deleteKey` child (the shared confirm-then-act) once a confirmed delete went through or was refused. */
  | ConfirmActReport<DeleteSubject>;

/** What deleting asks about: the key, as `deleteKey` is sent it. */
export interface DeleteSubject {
  api_key: string;
}

interface ApiKeysContext {
  keys: ApiKeyItem[];
  /** The account has 2FA on: creating a key takes its code. */
  twoFactor: boolean;
  /** The key just created with its secret: only here, only until it is dismissed or the page is left. */
  created: ApiKeyCreated | undefined;
  draft: ApiKeyCreate | undefined;
  /** Why the last create was refused (here, or by the server, translated): under the form until it is changed or sent again (issue 50 S3). */
  refusal: ToastMessage | undefined;
}

const PROBLEM_KEY = {
  apiKeyLabelLength: 'apiKeys.errors.apiKeyLabelLength',
  apiKeyNoPermission: 'apiKeys.errors.apiKeyNoPermission',
  apiKeyWithdrawNeedsIp: 'apiKeys.errors.apiKeyWithdrawNeedsIp',
  apiKeyIpInvalid: 'apiKeys.errors.apiKeyIpInvalid',
  apiKeyTooManyIps: 'apiKeys.errors.apiKeyTooManyIps',
} as const;

/** What is wrong with a request before it is sent, as a client message key, or undefined. */
export function createProblem(fields: ApiKeyCreate, twoFactor: boolean): string | undefined {
  const problem = apiKeyProblem(fields);
  if (problem) return PROBLEM_KEY[problem];
  if (twoFactor && !isSecondFactorCode(fields.totp_code ?? '')) return 'apiKeys.errors.codeNeeded';
  return undefined;
}

const apiKeysSetup = setup({
  types: {
    context: {} as ApiKeysContext,
    events: {} as ApiKeysEvent,
  },
  actors: {
    fetchStatus: toBeProvided<TwoFactorStatus>('fetchStatus'),
    fetchKeys: toBeProvided<ApiKeyItem[]>('fetchKeys'),
    createKey: toBeProvided<ApiKeyCreated, ApiKeyCreate>('createKey'),
    deleteKey: confirmActMachine,
    copyText: toBeProvided<boolean, { text: string }>('copyText'),
  },
  actions: {
    showToast,
  },
  guards: {
    acceptable: ({ context, event }) => event.type === 'apiKeys.create' && createProblem(event.fields, context.twoFactor) === undefined,
    known: ({ context, event }) => event.type === 'apiKeys.delete' && context.keys.some((k) => k.api_key === event.apiKey),
    hasSecret: ({ context }) => context.created !== undefined,
    refused: ({ context }) => context.refusal !== undefined,
    copied: (_, params: { ok: boolean }) => params.ok,
  },
});

/**
 * /user/api (issue 36): the user's API keys. Reads whether 2FA is on (a key then takes the code)
 * and the list; creates a key and holds its secret in this actor alone, shown once until the user
 * says it is saved or leaves the page; deletes a key after a confirmation. A request the shared
 * rule refuses is refused here with its translated reason and sent nowhere. Either refusal, this
 * one or the server's, is kept in `refusal` and written under the form until the form is changed
 * or sent again — once, in place, not a toast that vanishes (issue 50 S3).
 */
export const apiKeysMachine = apiKeysSetup.createMachine({
  id: 'apiKeys',
  context: { keys: [], twoFactor: false, created: undefined, draft: undefined, refusal: undefined },
  // A refused delete is said in its question, not a toast that vanishes (issue 50 S3).
  invoke: { id: 'deleteKey', src: 'deleteKey', input: ({ self }) => ({ replyTo: self, keepRefusal: true }) },
  on: {
    'confirmAct.done': {
      target: '.listing',
      actions: [
        // Deleting the key whose secret is on screen takes the secret away too.
        assign({ created: ({ context, event }) => (context.created?.api_key === event.subject.api_key ? undefined : context.created) }),
        { type: 'showToast', params: { tone: 'success', message: { key: 'apiKeys.deleted' } } },
      ],
    },
    'confirmAct.failed': { target: '.listing', description: 'Refused (it was already deleted): read the list again.' },
    // The list and a new key's secret stay on screen while the keys are read again (right after a
    // create): "Saved", and a delete's question, are taken then too, not dropped.
    'apiKeys.secretSaved': { actions: assign({ created: undefined }) },
    'apiKeys.edit': { guard: 'refused', actions: assign({ refusal: undefined }) },
    'apiKeys.delete': { guard: 'known', actions: sendTo('deleteKey', ({ event }) => ({ type: 'confirmAct.ask' as const, subject: { api_key: event.apiKey } })) },
  },
  initial: 'loading',
  states: {
    ...loadStates(apiKeysSetup, { src: 'fetchStatus', into: (status) => ({ twoFactor: status.enabled }), next: 'listing', retry: 'apiKeys.retry' }),
    listing: {
      ...readState(apiKeysSetup, { src: 'fetchKeys', into: (keys) => ({ keys }), next: 'ready' }),
      // The secret is shown once: "Copy" clicked the moment it appears (the list is read right after
      // the create) must copy it. Copying reads the list again afterwards.
      on: { 'apiKeys.copySecret': { guard: 'hasSecret', target: 'copying' } },
    },
    ready: {
      on: {
        'apiKeys.create': [
          {
            guard: 'acceptable',
            target: 'creating',
            actions: assign({ draft: ({ event }) => ({ ...event.fields, label: event.fields.label.trim(), totp_code: event.fields.totp_code?.trim() || undefined }), refusal: undefined }),
          },
          { actions: assign({ refusal: ({ context, event }) => ({ key: createProblem(event.fields, context.twoFactor) ?? PROBLEM_KEY.apiKeyLabelLength }) }) },
        ],
        'apiKeys.copySecret': { guard: 'hasSecret', target: 'copying' },
        'apiKeys.retry': 'listing',
      },
    },
    creating: {
      invoke: {
        id: 'createKey',
        src: 'createKey',
        input: ({ context }) => context.draft!,
        onDone: {
          target: 'listing',
          actions: [assign({ created: ({ event }) => event.output }), { type: 'showToast', params: { tone: 'success', message: { key: 'apiKeys.created' } } }],
        },
        onError: { target: 'ready', actions: assign({ refusal: ({ event }) => messageForError(event.error) }) },
      },
      // The 2FA code is used up either way; nothing of the request is kept.
      exit: assign({ draft: undefined }),
    },
    copying: {
      invoke: {
        id: 'copyText',
        src: 'copyText',
        input: ({ context }) => ({ text: context.created?.secret ?? '' }),
        onDone: [
          { guard: { type: 'copied', params: ({ event }) => ({ ok: event.output }) }, target: 'listing', actions: { type: 'showToast', params: { tone: 'success', message: { key: 'apiKeys.copied' } } } },
          { target: 'listing', actions: { type: 'showToast', params: { tone: 'error', message: { key: 'apiKeys.copyFailed' } } } },
        ],
        onError: { target: 'listing', actions: { type: 'showToast', params: { tone: 'error', message: { key: 'apiKeys.copyFailed' } } } },
      },
    },
  },
});

export type ApiKeysActorRef = ActorRefFrom<typeof apiKeysMachine>;
