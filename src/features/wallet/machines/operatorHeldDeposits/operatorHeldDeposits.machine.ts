import { assign, sendTo, setup, type ActorRefFrom } from 'xstate';
import { messageForError, type ToastMessage } from '../../../../../domain/errors';
import { isSecondFactorCode } from '../../../../../domain/twoFactor';
import { RECORD_PAGE_SIZE, type DepositHeldReason, type HeldDepositResolution } from '../../../../../domain/wallet';
import { pagedListMachine, type PagedListInput } from '../../../../app/machines/pagedList/pagedList.machine';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { showToast } from '../../../../app/machines/toast/toastError';

/** The desk lists every held deposit: no filter. */
export type HeldFilter = Record<string, never>;

export const HELD_LIST: PagedListInput<HeldFilter> = { filter: {}, size: RECORD_PAGE_SIZE };

export type OperatorHeldDepositsEvent =
  /** Opens the credit dialog of one held deposit: only one below the minimum (a delisted currency's is returned, never credited). */
  | { type: 'held.credit'; id: number; reason: DepositHeldReason }
  /** Opens the return dialog of one held deposit. */
  | { type: 'held.return'; id: number }
  /** A field of the dialog open: the operator's 2FA code, or (return) the address to send it back to. */
  | { type: 'held.edit'; field: 'code' | 'address'; value: string }
  | { type: 'held.submit' }
  /** Closes the dialog (nothing is sent). */
  | { type: 'held.close' };

export interface OperatorHeldDepositsContext {
  /** The held deposit the dialog open is about. */
  target: number | undefined;
  code: string;
  address: string;
  /** Why the last submission did not go (a field's rule, or the server's translated refusal), shown in the dialog. */
  refusal: ToastMessage | undefined;
}

/**
 * The finance operators' held deposits desk (docs/OPERATOR.md "Held deposits"; server:
 * products/wallet/heldDeposits.ts): the shared paged list of held deposits (`list` child, newest
 * first), and per deposit a credit dialog (below the minimum only) asking the operator's 2FA code, or
 * a return dialog asking the address to send it back to and the code. The fields live here, judged
 * before sending (a code's shape, an address typed); the server's refusal (already resolved, a
 * delisted currency, an address not of the network, a wrong code) is shown in the dialog, which stays
 * open with the code emptied (a code is good once), and the list is read again (the row may be stale).
 */
export const operatorHeldDepositsMachine = setup({
  types: { context: {} as OperatorHeldDepositsContext, events: {} as OperatorHeldDepositsEvent },
  actors: {
    list: pagedListMachine,
    creditHeldDeposit: toBeProvided<HeldDepositResolution, { id: number; totp_code: string }>('creditHeldDeposit'),
    returnHeldDeposit: toBeProvided<HeldDepositResolution, { id: number; address: string; totp_code: string }>('returnHeldDeposit'),
  },
  actions: {
    showToast,
    reloadList: sendTo('list', { type: 'list.reload' }),
    forget: assign({ target: undefined, code: '', address: '', refusal: undefined }),
    open: assign({ target: (_, params: { id: number }) => params.id }),
    edit: assign(({ context, event }) => (event.type === 'held.edit' ? { ...context, [event.field]: event.value } : context)),
    problem: assign({ refusal: (_, params: { key: string }) => ({ key: params.key }) }),
    refuse: assign({ refusal: (_, params: { error: unknown }) => messageForError(params.error), code: '' }),
  },
  guards: {
    creditable: ({ event }) => event.type === 'held.credit' && event.reason === 'below_minimum',
    codeSendable: ({ context }) => isSecondFactorCode(context.code.trim()),
    addressTyped: ({ context }) => context.address.trim().length > 0,
  },
}).createMachine({
  id: 'operatorHeldDeposits',
  context: { target: undefined, code: '', address: '', refusal: undefined },
  invoke: { id: 'list', src: 'list', input: HELD_LIST },
  initial: 'idle',
  states: {
    idle: {
      entry: 'forget',
      on: {
        'held.credit': { guard: 'creditable', target: 'crediting', actions: { type: 'open', params: ({ event }) => ({ id: event.id }) } },
        'held.return': { target: 'returning', actions: { type: 'open', params: ({ event }) => ({ id: event.id }) } },
      },
    },
    crediting: {
      initial: 'editing',
      on: { 'held.close': '#operatorHeldDeposits.idle' },
      states: {
        editing: {
          description: "The operator's own 2FA code: nothing is credited without it.",
          on: {
            'held.edit': { actions: 'edit' },
            'held.submit': [
              { guard: 'codeSendable', target: 'sending', actions: assign({ refusal: undefined }) },
              { actions: { type: 'problem', params: { key: 'wallet.held.codeInvalid' } } },
            ],
          },
        },
        sending: {
          description: 'Neither a second submission, an edit nor a close is heard while the server decides.',
          on: { 'held.close': {} },
          invoke: {
            id: 'creditHeldDeposit',
            src: 'creditHeldDeposit',
            input: ({ context }) => ({ id: context.target!, totp_code: context.code.trim() }),
            onDone: { target: '#operatorHeldDeposits.idle', actions: [{ type: 'showToast', params: { tone: 'success', message: { key: 'wallet.held.credited' } } }, 'reloadList'] },
            onError: { target: 'editing', actions: [{ type: 'refuse', params: ({ event }) => ({ error: event.error }) }, 'reloadList'] },
          },
        },
      },
    },
    returning: {
      initial: 'editing',
      on: { 'held.close': '#operatorHeldDeposits.idle' },
      states: {
        editing: {
          description: "The address it goes back to (the server checks it has the network's shape) and the operator's 2FA code.",
          on: {
            'held.edit': { actions: 'edit' },
            'held.submit': [
              { guard: 'addressTyped', target: 'checkingCode' },
              { actions: { type: 'problem', params: { key: 'wallet.held.addressRequired' } } },
            ],
          },
        },
        checkingCode: {
          always: [
            { guard: 'codeSendable', target: 'sending', actions: assign({ refusal: undefined }) },
            { target: 'editing', actions: { type: 'problem', params: { key: 'wallet.held.codeInvalid' } } },
          ],
        },
        sending: {
          on: { 'held.close': {} },
          invoke: {
            id: 'returnHeldDeposit',
            src: 'returnHeldDeposit',
            input: ({ context }) => ({ id: context.target!, address: context.address.trim(), totp_code: context.code.trim() }),
            onDone: { target: '#operatorHeldDeposits.idle', actions: [{ type: 'showToast', params: { tone: 'success', message: { key: 'wallet.held.returned' } } }, 'reloadList'] },
            onError: { target: 'editing', actions: [{ type: 'refuse', params: ({ event }) => ({ error: event.error }) }, 'reloadList'] },
          },
        },
      },
    },
  },
});

export type OperatorHeldDepositsActorRef = ActorRefFrom<typeof operatorHeldDepositsMachine>;
