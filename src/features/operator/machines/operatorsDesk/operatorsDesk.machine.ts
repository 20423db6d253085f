import { assign, raise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { messageForError, type ToastMessage } from '../../../../../domain/errors';
import { isOperatorRole, type OperatorCreate, type OperatorRole, type OperatorView } from '../../../../../domain/operators';
import { confirmActMachine } from '../../../../app/machines/confirmAct/confirmAct.machine';
import type { ConfirmActReport } from '../../../../app/machines/confirmAct/confirmAct.types';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { deskList, formDialog } from '../../../../app/machines/loadStates/loadStates';
import { showToast } from '../../../../app/machines/toast/toastError';

/** What a disable or an enable asks about: the operator, and which of the two. */
export interface StandingSubject {
  id: number;
  account: string;
  disable: boolean;
}

export type OperatorsDeskEvent =
  | { type: 'operators.reload' }
  /** Opens the new-operator form. */
  | { type: 'operators.create' }
  | { type: 'operators.submitCreate'; fields: OperatorCreate }
  /** Opens the roles form of one operator (a row of the list on screen). */
  | { type: 'operators.editRoles'; id: number }
  | { type: 'operators.submitRoles'; roles: OperatorRole[] }
  /** Closes the form open (nothing is sent). */
  | { type: 'operators.close' }
  | { type: 'operators.disable'; operator: OperatorView }
  | { type: 'operators.enable'; operator: OperatorView }
  /** From the `changeStanding` child (the shared confirm-then-act) once a confirmed disable or enable went through or was refused. */
  | ConfirmActReport<StandingSubject>;

export interface OperatorsDeskContext {
  operators: OperatorView[];
  /** The operator whose roles the form edits. */
  editing: number | undefined;
  /** The server's refusal of the form's last submission, shown in the form (already translated, or a key). */
  refusal: ToastMessage | undefined;
  /** Operators created so far: a fresh form each time. */
  created: number;
}

/** Whether a choice of roles is sendable: one role at least, each a known one. */
export const sendableRoles = (roles: readonly string[]): boolean => roles.length > 0 && roles.every(isOperatorRole);

/**
 * The admin's operators desk (issue 51 §1; server/products/operator/desk.ts): the operators with
 * their roles and standing, read at start and after every change; a new operator (account,
 * password, roles) and an operator's roles, each in a form that shows the server's refusal in
 * place and stays open to correct it; disable and enable, each asked first (the shared
 * confirm-then-act child `changeStanding`). The operator from the server's environment cannot be
 * changed here: the machine does not ask about it, and the server refuses it anyway.
 */
const operatorsDeskSetup = setup({
  types: { context: {} as OperatorsDeskContext, events: {} as OperatorsDeskEvent },
  actors: {
    fetchOperators: toBeProvided<OperatorView[]>('fetchOperators'),
    createOperator: toBeProvided<OperatorView, OperatorCreate>('createOperator'),
    setRoles: toBeProvided<OperatorView, { id: number; roles: OperatorRole[] }>('setRoles'),
    changeStanding: confirmActMachine,
  },
  actions: {
    showToast,
    reload: raise({ type: 'operators.reload' }),
    forgetForm: assign({ editing: undefined, refusal: undefined }),
    refuse: assign({ refusal: (_, params: { error: unknown }) => messageForError(params.error) }),
  },
  guards: {
    changeable: ({ event }) => (event.type === 'operators.disable' || event.type === 'operators.enable') && !event.operator.from_environment,
    rolesChangeable: ({ context, event }) => event.type === 'operators.editRoles' && context.operators.some((o) => o.id === event.id && !o.from_environment),
    rolesSendable: ({ event }) => event.type === 'operators.submitRoles' && sendableRoles(event.roles),
    createSendable: ({ event }) => event.type === 'operators.submitCreate' && event.fields.account.trim().length > 0 && event.fields.password.length > 0 && sendableRoles(event.fields.roles),
  },
});

/** What both forms share: closed by `operators.close`, the refusal kept in the form, the list read again once saved. */
const SAVE = { close: 'operators.close', closed: '#operatorsDesk.form.closed', refusal: 'refusal', refuse: 'refuse', reload: 'reload' } as const;

export const operatorsDeskMachine = operatorsDeskSetup.createMachine({
  id: 'operatorsDesk',
  context: { operators: [], editing: undefined, refusal: undefined, created: 0 },
  invoke: { id: 'changeStanding', src: 'changeStanding', input: ({ self }) => ({ replyTo: self }) },
  type: 'parallel',
  on: {
    'operators.disable': { guard: 'changeable', actions: sendTo('changeStanding', ({ event }) => ({ type: 'confirmAct.ask' as const, subject: { id: event.operator.id, account: event.operator.account, disable: true } })) },
    'operators.enable': { guard: 'changeable', actions: sendTo('changeStanding', ({ event }) => ({ type: 'confirmAct.ask' as const, subject: { id: event.operator.id, account: event.operator.account, disable: false } })) },
    'confirmAct.done': { actions: [{ type: 'showToast', params: { tone: 'success', message: { key: 'operatorDesks.operators.updated' } } }, 'reload'] },
    'confirmAct.failed': { actions: 'reload', description: 'Refused (said by the child): show the operators as they are now.' },
  },
  states: {
    list: deskList(operatorsDeskSetup, { src: 'fetchOperators', into: (operators) => ({ operators }), reload: 'operators.reload' }),
    form: {
      initial: 'closed',
      states: {
        closed: {
          entry: 'forgetForm',
          on: {
            'operators.create': 'creating',
            'operators.editRoles': { guard: 'rolesChangeable', target: 'roles', actions: assign({ editing: ({ event }) => event.id }) },
          },
        },
        creating: formDialog(operatorsDeskSetup, {
          ...SAVE,
          submit: 'operators.submitCreate',
          guard: 'createSendable',
          src: 'createOperator',
          input: ({ event: { fields } }) => ({ account: fields.account.trim(), password: fields.password, roles: fields.roles }),
          saved: 'operatorDesks.operators.created',
          count: 'created',
        }),
        roles: formDialog(operatorsDeskSetup, {
          ...SAVE,
          submit: 'operators.submitRoles',
          guard: 'rolesSendable',
          src: 'setRoles',
          input: ({ context, event }) => ({ id: context.editing!, roles: event.roles }),
          saved: 'operatorDesks.operators.updated',
        }),
      },
    },
  },
});

export type OperatorsDeskActorRef = ActorRefFrom<typeof operatorsDeskMachine>;
