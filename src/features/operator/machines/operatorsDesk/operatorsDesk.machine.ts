import { assign, raise, setup, type ActorRefFrom } from 'xstate';
import { messageForError, type ToastMessage } from '../../../../../domain/errors';
import { isAccessPending, isOperatorRole, type OperatorAccessRequest, type OperatorChangeAnswer, type OperatorCreate, type OperatorRole, type OperatorView } from '../../../../../domain/operators';
import { isSecondFactorCode } from '../../../../../domain/twoFactor';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { deskList, formDialog } from '../../../../app/machines/loadStates/loadStates';
import { showToast } from '../../../../app/machines/toast/toastError';

/** What a disable or an enable asks about: the operator, and which of the two. */
export interface StandingSubject {
  id: number;
  account: string;
  disable: boolean;
}

/** A disable or an enable as sent: with the admin's own 2FA code. */
export interface StandingChange extends StandingSubject {
  code: string;
}

export type OperatorsDeskEvent =
  | { type: 'operators.reload' }
  /** Opens the new-operator form. */
  | { type: 'operators.create' }
  /** The new operator, with the admin's own 2FA code (`fields.code`). */
  | { type: 'operators.submitCreate'; fields: OperatorCreate }
  /** Opens the roles form of one operator (a row of the list on screen). */
  | { type: 'operators.editRoles'; id: number }
  | { type: 'operators.submitRoles'; roles: OperatorRole[]; code: string }
  /** Closes the form open (nothing is sent). */
  | { type: 'operators.close' }
  /** Opens the disable (or enable) question of one operator, which asks the admin's code. */
  | { type: 'operators.disable'; operator: OperatorView }
  | { type: 'operators.enable'; operator: OperatorView }
  | { type: 'operators.submitStanding'; code: string }
  /** Opens the 2FA reset question of another operator (who lost their device and recovery codes), which asks the admin's code. */
  | { type: 'operators.resetTwoFactor'; operator: OperatorView }
  | { type: 'operators.submitReset'; code: string }
  /** Opens the approval of a pending access request (with the admin's own code) or its rejection. */
  | { type: 'operators.approve'; request: OperatorAccessRequest }
  | { type: 'operators.submitApprove'; code: string }
  | { type: 'operators.reject'; request: OperatorAccessRequest }
  | { type: 'operators.submitReject' };

export interface OperatorsDeskContext {
  operators: OperatorView[];
  /** The operator whose roles the form edits. */
  editing: number | undefined;
  /** The operator the disable/enable question is about. */
  standing: StandingSubject | undefined;
  /** The operator whose 2FA the reset question is about. */
  resetting: { id: number; account: string } | undefined;
  /** The server's refusal of the form's last submission, shown in the form (already translated, or a key). */
  refusal: ToastMessage | undefined;
  /** Operators created so far: a fresh form each time. */
  created: number;
  /** The access requests: pending ones first, then the last decided (docs/OPERATOR.md "Two admins give access"). */
  requests: OperatorAccessRequest[];
  /** The request the approval or rejection question is about. */
  deciding: OperatorAccessRequest | undefined;
}

/** Whether a choice of roles is sendable: one role at least, each a known one. */
export const sendableRoles = (roles: readonly string[]): boolean => roles.length > 0 && roles.every(isOperatorRole);
/** Whether the admin's code is sendable: a 6-digit code or a recovery code (the form says why not). */
const sendableCode = (code: string | undefined): boolean => isSecondFactorCode((code ?? '').trim());
const standingOf = (operator: OperatorView, disable: boolean): StandingSubject => ({ id: operator.id, account: operator.account, disable });
/** A change an admin other than the environment's operator makes that gives access is only asked for: the toast says it waits. */
const savedOr = (done: string) => (_: unknown, output: unknown) => (output && isAccessPending(output as OperatorChangeAnswer) ? 'operatorDesks.access.asked' : done);
const pendingOnly = ({ event }: { event: OperatorsDeskEvent }) => (event.type === 'operators.approve' || event.type === 'operators.reject') && event.request.state === 'pending';

/**
 * The admin's operators desk (issue 51 §1; server/products/operator/desk.ts): the operators with
 * their roles and standing, read at start and after every change; a new operator (account,
 * password, roles), an operator's roles, and disable or enable (asked first), each in a dialog
 * that asks the admin's own 2FA code (each gives or takes access), shows the server's refusal (a
 * wrong code, say) in place and stays open to correct it. The operator from the server's
 * environment cannot be changed here: the machine does not ask about it, and the server refuses it anyway.
 * A change that gives access, made by an admin other than the environment's operator, is answered
 * with a request (the toast says so) that waits in the access requests, read beside the list: a
 * second admin approves it with their own code, or any admin rejects it.
 */
const operatorsDeskSetup = setup({
  types: { context: {} as OperatorsDeskContext, events: {} as OperatorsDeskEvent },
  actors: {
    fetchOperators: toBeProvided<OperatorView[]>('fetchOperators'),
    createOperator: toBeProvided<OperatorChangeAnswer, OperatorCreate>('createOperator'),
    setRoles: toBeProvided<OperatorChangeAnswer, { id: number; roles: OperatorRole[]; code: string }>('setRoles'),
    changeStanding: toBeProvided<OperatorChangeAnswer, StandingChange>('changeStanding'),
    resetTwoFactor: toBeProvided<{ id: number }, { id: number; code: string }>('resetTwoFactor'),
    fetchAccessRequests: toBeProvided<OperatorAccessRequest[]>('fetchAccessRequests'),
    approveAccess: toBeProvided<OperatorView, { id: number; code: string }>('approveAccess'),
    rejectAccess: toBeProvided<OperatorAccessRequest, { id: number }>('rejectAccess'),
  },
  actions: {
    showToast,
    reload: raise({ type: 'operators.reload' }),
    forgetForm: assign({ editing: undefined, standing: undefined, resetting: undefined, refusal: undefined, deciding: undefined }),
    refuse: assign({ refusal: (_, params: { error: unknown }) => messageForError(params.error) }),
  },
  guards: {
    changeable: ({ event }) => (event.type === 'operators.disable' || event.type === 'operators.enable') && !event.operator.from_environment,
    rolesChangeable: ({ context, event }) => event.type === 'operators.editRoles' && context.operators.some((o) => o.id === event.id && !o.from_environment),
    rolesSendable: ({ event }) => event.type === 'operators.submitRoles' && sendableRoles(event.roles) && sendableCode(event.code),
    createSendable: ({ event }) =>
      event.type === 'operators.submitCreate' && event.fields.account.trim().length > 0 && event.fields.password.length > 0 && sendableRoles(event.fields.roles) && sendableCode(event.fields.code),
    standingSendable: ({ event }) => event.type === 'operators.submitStanding' && sendableCode(event.code),
    // The server refuses the environment's operator's reset too (its secret comes from the environment); nobody resets their own.
    resettable: ({ event }) => event.type === 'operators.resetTwoFactor' && !event.operator.from_environment,
    resetSendable: ({ event }) => event.type === 'operators.submitReset' && sendableCode(event.code),
    approveSendable: ({ event }) => event.type === 'operators.submitApprove' && sendableCode(event.code),
    pendingOnly,
  },
});

/** What both forms share: closed by `operators.close`, the refusal kept in the form, the list read again once saved. */
const SAVE = { close: 'operators.close', closed: '#operatorsDesk.form.closed', refusal: 'refusal', refuse: 'refuse', reload: 'reload' } as const;

export const operatorsDeskMachine = operatorsDeskSetup.createMachine({
  id: 'operatorsDesk',
  context: { operators: [], editing: undefined, standing: undefined, resetting: undefined, refusal: undefined, created: 0, requests: [], deciding: undefined },
  type: 'parallel',
  states: {
    list: deskList(operatorsDeskSetup, { src: 'fetchOperators', into: (operators) => ({ operators }), reload: 'operators.reload' }),
    requests: deskList(operatorsDeskSetup, { src: 'fetchAccessRequests', into: (requests) => ({ requests }), reload: 'operators.reload' }),
    form: {
      initial: 'closed',
      states: {
        closed: {
          entry: 'forgetForm',
          on: {
            'operators.create': 'creating',
            'operators.editRoles': { guard: 'rolesChangeable', target: 'roles', actions: assign({ editing: ({ event }) => event.id }) },
            'operators.disable': { guard: 'changeable', target: 'standing', actions: assign({ standing: ({ event }) => standingOf(event.operator, true) }) },
            'operators.enable': { guard: 'changeable', target: 'standing', actions: assign({ standing: ({ event }) => standingOf(event.operator, false) }) },
            'operators.resetTwoFactor': { guard: 'resettable', target: 'resetting', actions: assign({ resetting: ({ event }) => ({ id: event.operator.id, account: event.operator.account }) }) },
            'operators.approve': { guard: 'pendingOnly', target: 'approving', actions: assign({ deciding: ({ event }) => event.request }) },
            'operators.reject': { guard: 'pendingOnly', target: 'rejecting', actions: assign({ deciding: ({ event }) => event.request }) },
          },
        },
        creating: formDialog(operatorsDeskSetup, {
          ...SAVE,
          submit: 'operators.submitCreate',
          guard: 'createSendable',
          src: 'createOperator',
          input: ({ event: { fields } }) => ({ account: fields.account.trim(), password: fields.password, roles: fields.roles, code: (fields.code ?? '').trim() }),
          saved: savedOr('operatorDesks.operators.created'),
          count: 'created',
        }),
        roles: formDialog(operatorsDeskSetup, {
          ...SAVE,
          submit: 'operators.submitRoles',
          guard: 'rolesSendable',
          src: 'setRoles',
          input: ({ context, event }) => ({ id: context.editing!, roles: event.roles, code: event.code.trim() }),
          saved: savedOr('operatorDesks.operators.updated'),
        }),
        standing: formDialog(operatorsDeskSetup, {
          ...SAVE,
          submit: 'operators.submitStanding',
          guard: 'standingSendable',
          src: 'changeStanding',
          input: ({ context, event }) => ({ ...context.standing!, code: event.code.trim() }),
          saved: savedOr('operatorDesks.operators.updated'),
          // A refusal may mean someone changed the operator meanwhile: the list shows it as it is now.
          reloadOnRefusal: true,
        }),
        resetting: formDialog(operatorsDeskSetup, {
          ...SAVE,
          submit: 'operators.submitReset',
          guard: 'resetSendable',
          src: 'resetTwoFactor',
          input: ({ context, event }) => ({ id: context.resetting!.id, code: event.code.trim() }),
          saved: 'operatorDesks.operators.twoFactorResetDone',
        }),
        approving: formDialog(operatorsDeskSetup, {
          ...SAVE,
          submit: 'operators.submitApprove',
          guard: 'approveSendable',
          src: 'approveAccess',
          input: ({ context, event }) => ({ id: context.deciding!.id, code: event.code.trim() }),
          saved: 'operatorDesks.access.approved',
          // Another admin may have decided it meanwhile: the queue shows it as it is now.
          reloadOnRefusal: true,
        }),
        rejecting: formDialog(operatorsDeskSetup, {
          ...SAVE,
          submit: 'operators.submitReject',
          src: 'rejectAccess',
          input: ({ context }) => ({ id: context.deciding!.id }),
          saved: 'operatorDesks.access.rejected',
          reloadOnRefusal: true,
        }),
      },
    },
  },
});

export type OperatorsDeskActorRef = ActorRefFrom<typeof operatorsDeskMachine>;
