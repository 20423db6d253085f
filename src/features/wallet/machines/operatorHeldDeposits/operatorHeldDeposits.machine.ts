import { assign, sendTo, setup, type ActorRefFrom } from 'xstate';
import { messageForError, type ToastMessage } from '../../../../../domain/errors';
import { RECORD_PAGE_SIZE, type DepositHeldReason, type HeldDepositResolution } from '../../../../../domain/wallet';
import { pagedListMachine, type PagedListInput } from '../../../../app/machines/pagedList/pagedList.machine';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { showToast } from '../../../../app/machines/toast/toastError';
import type { StateConfig } from '../../../../app/machines/loadStates/setupTypes';
import { codeSendable, noStepUpWindow, readsStepUpWindow, stepUpLeft, type StepUpInput, type StepUpWindow } from '../../../../kit/operatorStepUp/stepUpWindow';

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

export interface OperatorHeldDepositsContext extends StepUpWindow {
  /** The held deposit the dialog open is about. */
  target: number | undefined;
  /** The operator's 2FA code (good once: emptied after a refusal; '': none, within the step-up window). */
  code: string;
  address: string;
  /** Why the last submission did not go (a field's rule, or the server's translated refusal), shown in the dialog. */
  refusal: ToastMessage | undefined;
}

export type OperatorHeldDepositsInput = StepUpInput;

/** The decision's code, left out when none was typed (the step-up window: the server decides). */
const codeOf = (context: OperatorHeldDepositsContext): { code?: string } => (context.code.trim() ? { code: context.code.trim() } : {});

/**
 * The credit and the return dialogs share their frame: `editing` hears the fields and `submit` (its
 * transitions in order; `more` holds any state they pass through), `sending` asks the server
 * (`request` with `input`) and, done, says `done`, closes and reads the list again; refused, it is
 * back at `editing` with the reason (and the list read again). Close is heard but while sending.
 */
function resolutionDialog(config: {
  editing: string;
  submit: StateConfig;
  more?: Record<string, StateConfig>;
  sending?: string;
  request: 'creditHeldDeposit' | 'returnHeldDeposit';
  input: (args: { context: OperatorHeldDepositsContext }) => object;
  done: string;
}): StateConfig {
  return {
    initial: 'editing',
    on: { 'held.close': '#operatorHeldDeposits.idle' },
    states: {
      editing: {
        description: config.editing,
        // The step-up window, read as the dialog opens (and again after a refusal brings it back).
        ...readsStepUpWindow,
        on: { 'held.edit': { actions: 'edit' }, 'held.submit': config.submit },
      },
      ...config.more,
      sending: {
        ...(config.sending === undefined ? {} : { description: config.sending }),
        on: { 'held.close': {} },
        invoke: {
          id: config.request,
          src: config.request,
          input: config.input,
          onDone: { target: '#operatorHeldDeposits.idle', actions: [{ type: 'showToast', params: { tone: 'success', message: { key: config.done } } }, 'reloadList'] },
          onError: { target: 'editing', actions: [{ type: 'refuse', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) }, 'reloadList'] },
        },
      },
    },
  };
}

/**
 * The finance operators' held deposits desk (docs/OPERATOR.md "Held deposits"; server:
 * products/wallet/heldDeposits.ts): the shared paged list of held deposits (`list` child, newest
 * first), and per deposit a credit dialog (below the minimum only) asking the operator's 2FA code, or
 * a return dialog asking the address to send it back to and the code — either code optional within
 * the session's step-up window (read as the dialog opens, kit/operatorStepUp). The fields live here, judged
 * before sending (a code's shape, an address typed); the server's refusal (already resolved, a
 * delisted currency, an address not of the network, a wrong code) is shown in the dialog, which stays
 * open with the code emptied (a code is good once), and the list is read again (the row may be stale).
 */
export const operatorHeldDepositsMachine = setup({
  types: { context: {} as OperatorHeldDepositsContext, events: {} as OperatorHeldDepositsEvent, input: {} as OperatorHeldDepositsInput },
  actors: {
    list: pagedListMachine,
    creditHeldDeposit: toBeProvided<HeldDepositResolution, { id: number; code?: string }>('creditHeldDeposit'),
    returnHeldDeposit: toBeProvided<HeldDepositResolution, { id: number; address: string; code?: string }>('returnHeldDeposit'),
    /** The session's step-up window (kit/operatorStepUp): its end, or null. */
    readStepUp: toBeProvided<number | null>('readStepUp'),
  },
  actions: {
    showToast,
    reloadList: sendTo('list', { type: 'list.reload' }),
    forget: assign({ target: undefined, code: '', address: '', refusal: undefined }),
    // A dialog opens knowing no window: an earlier dialog's is not sent for this one before its own read answers.
    open: assign({ target: (_, params: { id: number }) => params.id, stepUpUntil: null }),
    edit: assign(({ context, event }) => (event.type === 'held.edit' ? { ...context, [event.field]: event.value } : context)),
    problem: assign({ refusal: (_, params: { key: string }) => ({ key: params.key }) }),
    refuse: assign({ refusal: (_, params: { error: unknown }) => messageForError(params.error), code: '' }),
    stepUp: assign({ stepUpUntil: (_, params: { until: number | null }) => params.until }),
  },
  guards: {
    creditable: ({ event }) => event.type === 'held.credit' && event.reason === 'below_minimum',
    /** A code of the right shape, or none while the session is stepped up and the window has not ended (the server judges either). */
    codeSendable: ({ context }) => codeSendable(context.code, context),
    addressTyped: ({ context }) => context.address.trim().length > 0,
  },
  delays: { stepUpEnds: stepUpLeft },
}).createMachine({
  id: 'operatorHeldDeposits',
  context: ({ input }) => ({ target: undefined, code: '', address: '', ...noStepUpWindow(input), refusal: undefined }),
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
    crediting: resolutionDialog({
      editing: "The operator's own 2FA code: nothing is credited without it, but within the session's step-up window it may be left empty.",
      submit: [
        { guard: 'codeSendable', target: 'sending', actions: assign({ refusal: undefined }) },
        { actions: { type: 'problem', params: { key: 'wallet.held.codeInvalid' } } },
      ],
      sending: 'Neither a second submission, an edit nor a close is heard while the server decides.',
      request: 'creditHeldDeposit',
      input: ({ context }) => ({ id: context.target!, ...codeOf(context) }),
      done: 'wallet.held.credited',
    }),
    returning: resolutionDialog({
      editing: "The address it goes back to (the server checks it has the network's shape) and the operator's 2FA code (none within the step-up window).",
      submit: [
        { guard: 'addressTyped', target: 'checkingCode' },
        { actions: { type: 'problem', params: { key: 'wallet.held.addressRequired' } } },
      ],
      more: {
        checkingCode: {
          always: [
            { guard: 'codeSendable', target: 'sending', actions: assign({ refusal: undefined }) },
            { target: 'editing', actions: { type: 'problem', params: { key: 'wallet.held.codeInvalid' } } },
          ],
        },
      },
      request: 'returnHeldDeposit',
      input: ({ context }) => ({ id: context.target!, address: context.address.trim(), ...codeOf(context) }),
      done: 'wallet.held.returned',
    }),
  },
});

export type OperatorHeldDepositsActorRef = ActorRefFrom<typeof operatorHeldDepositsMachine>;
