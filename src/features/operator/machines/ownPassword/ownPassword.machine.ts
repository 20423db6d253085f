import { assign, setup, type ActorRefFrom } from 'xstate';
import { messageForError, type ToastMessage } from '../../../../../domain/errors';
import { isSecondFactorCode } from '../../../../../domain/twoFactor';
import { showToast } from '../../../../app/machines/toast/toastError';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';

/** The operator's current password, the new one, and its own 2FA code. */
export interface OwnPasswordFields {
  password: string;
  new_password: string;
  code: string;
}

export type OwnPasswordEvent = { type: 'ownPassword.submit'; fields: OwnPasswordFields };

interface Context {
  /** The server's refusal of the last submission (a wrong current password, a used code), shown in the form. */
  refusal: ToastMessage | undefined;
  /** Passwords changed so far: the form starts empty again after each. */
  changed: number;
}

/**
 * "My security", the operator's own password (server: security/ownPassword.ts): the current
 * password, the new one and the operator's own 2FA code go together; a refusal stays in the form
 * to correct, a change says so (the operator's other sessions end) and empties the form.
 */
export const ownPasswordMachine = setup({
  types: { context: {} as Context, events: {} as OwnPasswordEvent },
  actors: {
    changePassword: toBeProvided<{ sessions_ended: number }, OwnPasswordFields>('changePassword'),
  },
  actions: { showToast },
  guards: {
    sendable: ({ event }) => event.fields.password.length > 0 && event.fields.new_password.length > 0 && isSecondFactorCode(event.fields.code.trim()),
  },
}).createMachine({
  id: 'ownPassword',
  context: { refusal: undefined, changed: 0 },
  initial: 'editing',
  states: {
    editing: {
      on: { 'ownPassword.submit': { guard: 'sendable', target: 'sending', actions: assign({ refusal: undefined }) } },
    },
    sending: {
      description: 'Neither a second submission is heard while the server decides.',
      invoke: {
        src: 'changePassword',
        input: ({ event }) => {
          const { fields } = event as OwnPasswordEvent;
          return { password: fields.password, new_password: fields.new_password, code: fields.code.trim() };
        },
        onDone: {
          target: 'editing',
          actions: [assign({ changed: ({ context }) => context.changed + 1 }), { type: 'showToast', params: { tone: 'success', message: { key: 'operatorAuth.ownPassword.changed' } } }],
        },
        onError: { target: 'editing', actions: assign({ refusal: ({ event }) => messageForError(event.error) }) },
      },
    },
  },
});

export type OwnPasswordActorRef = ActorRefFrom<typeof ownPasswordMachine>;
