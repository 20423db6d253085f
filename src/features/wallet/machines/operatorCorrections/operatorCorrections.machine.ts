import { assign, sendTo, setup, type ActorRefFrom } from 'xstate';
import { proposalProblem, type CorrectionProposal, type CorrectionState, type CorrectionView, type CorrectionsAccountRow } from '../../../../../domain/corrections';
import { messageForError, type ToastMessage } from '../../../../../domain/errors';
import { isSecondFactorCode } from '../../../../../domain/twoFactor';
import { RECORD_PAGE_SIZE } from '../../../../../domain/wallet';
import { pagedListMachine, type PagedListInput } from '../../../../app/machines/pagedList/pagedList.machine';
import { formDialog } from '../../../../app/machines/loadStates/loadStates';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { showToast } from '../../../../app/machines/toast/toastError';

/** The desk's filter, kept by the shared paged list: a state, or none for every correction. */
export interface CorrectionsFilter {
  state?: CorrectionState;
}

/** What the desk's loader reads with each page (the paged list's `extra`): the corrections account per currency. */
export type CorrectionsExtra = CorrectionsAccountRow[];

/** The desk's first filter: proposals waiting for a second operator. */
export const CORRECTIONS_LIST: PagedListInput<CorrectionsFilter> = { filter: { state: 'proposed' }, size: RECORD_PAGE_SIZE };

export type OperatorCorrectionsEvent =
  /** Opens the proposal form. */
  | { type: 'corrections.propose' }
  | { type: 'corrections.submitProposal'; fields: CorrectionProposal }
  /** Opens the approval (2FA code) or rejection (reason) dialog of one proposal. */
  | { type: 'corrections.approve'; id: number }
  | { type: 'corrections.reject'; id: number }
  | { type: 'corrections.submitApproval'; code: string }
  | { type: 'corrections.submitRejection'; reason: string }
  /** Closes the form or dialog open (nothing is sent). */
  | { type: 'corrections.close' };

/**
 * Who is at the desk, as the operator session stored it at sign-in: their id (their own proposals
 * offer no approval, only a withdrawal) and whether their roles grant proposing and deciding. A
 * convenience: the server checks every call's permission and refuses the proposer's approval.
 */
export interface CorrectionsDeskInput {
  self: number | undefined;
  mayPropose: boolean;
  mayDecide: boolean;
}

export interface OperatorCorrectionsContext extends CorrectionsDeskInput {
  /** The proposal the approval or rejection dialog is about. */
  target: number | undefined;
  /** The server's refusal of the last submission, shown in the form or dialog (translated text, or a key). */
  refusal: ToastMessage | undefined;
  /** Proposals sent so far: a fresh form each time. */
  proposed: number;
}

/**
 * The finance operators' corrections desk (issue 51 §4; server/products/wallet/corrections/): the
 * shared paged list of corrections (`list` child: a state filter, proposals first, with the
 * corrections account read beside each page), a proposal form, and per proposal an approval
 * dialog that asks the approver's own 2FA code or a rejection dialog that asks a reason (the
 * proposer's own rejection withdraws it). Each form shows the server's refusal in place and stays
 * open to correct it (the proposer's own approval, a wrong code, a debit beyond the balance); the
 * list is read again after every decision, and after a refusal (someone decided it meanwhile).
 */
const correctionsSetup = setup({
  types: { context: {} as OperatorCorrectionsContext, events: {} as OperatorCorrectionsEvent, input: {} as CorrectionsDeskInput | undefined },
  actors: {
    list: pagedListMachine,
    proposeCorrection: toBeProvided<CorrectionView, CorrectionProposal>('proposeCorrection'),
    approveCorrection: toBeProvided<CorrectionView, { id: number; code: string }>('approveCorrection'),
    rejectCorrection: toBeProvided<CorrectionView, { id: number; reason: string }>('rejectCorrection'),
  },
  actions: {
    showToast,
    reloadList: sendTo('list', { type: 'list.reload' }),
    forget: assign({ target: undefined, refusal: undefined }),
    refuse: assign({ refusal: (_, params: { error: unknown }) => messageForError(params.error) }),
  },
  guards: {
    mayPropose: ({ context }) => context.mayPropose,
    mayDecide: ({ context }) => context.mayDecide,
    proposalSendable: ({ event }) => event.type === 'corrections.submitProposal' && proposalProblem(event.fields) === undefined,
    codeSendable: ({ event }) => event.type === 'corrections.submitApproval' && isSecondFactorCode(event.code),
    reasonSendable: ({ event }) => event.type === 'corrections.submitRejection' && event.reason.trim().length > 0,
  },
});

/** What every form and dialog shares: closed by `corrections.close`, the refusal kept in it, the list read again once sent. */
const SEND = { close: 'corrections.close', closed: '#operatorCorrections.closed', refusal: 'refusal', refuse: 'refuse', reload: 'reloadList' } as const;
/** A decision's refusal reads the list again too: someone may have decided it meanwhile. */
const DECIDED = { reloadOnRefusal: true } as const;

export const operatorCorrectionsMachine = correctionsSetup.createMachine({
  id: 'operatorCorrections',
  // No input (a session stored before roles were sent): everything is offered; the server decides.
  context: ({ input }) => ({ self: input?.self, mayPropose: input?.mayPropose ?? true, mayDecide: input?.mayDecide ?? true, target: undefined, refusal: undefined, proposed: 0 }),
  invoke: { id: 'list', src: 'list', input: CORRECTIONS_LIST },
  initial: 'closed',
  states: {
    closed: {
      entry: 'forget',
      on: {
        'corrections.propose': { guard: 'mayPropose', target: 'proposing' },
        'corrections.approve': { guard: 'mayDecide', target: 'approving', actions: assign({ target: ({ event }) => event.id }) },
        'corrections.reject': { guard: 'mayDecide', target: 'rejecting', actions: assign({ target: ({ event }) => event.id }) },
      },
    },
    proposing: formDialog(correctionsSetup, {
      ...SEND,
      submit: 'corrections.submitProposal',
      guard: 'proposalSendable',
      src: 'proposeCorrection',
      input: ({ event: { fields } }) => ({
        ...fields,
        currency: fields.currency.trim().toUpperCase(),
        quantity: fields.quantity.trim(),
        reason: fields.reason.trim(),
        ...(fields.reference?.trim() ? { reference: fields.reference.trim() } : {}),
      }),
      saved: 'corrections.proposed',
      count: 'proposed',
    }),
    approving: formDialog(correctionsSetup, {
      ...SEND,
      ...DECIDED,
      submit: 'corrections.submitApproval',
      guard: 'codeSendable',
      src: 'approveCorrection',
      input: ({ context, event }) => ({ id: context.target!, code: event.code.trim() }),
      saved: 'corrections.executed',
      editing: "The approver's own 2FA code (or a recovery code): nothing moves without it.",
    }),
    rejecting: formDialog(correctionsSetup, {
      ...SEND,
      ...DECIDED,
      submit: 'corrections.submitRejection',
      guard: 'reasonSendable',
      src: 'rejectCorrection',
      input: ({ context, event }) => ({ id: context.target!, reason: event.reason.trim() }),
      saved: 'corrections.decided',
      editing: 'A reason is required: it stays on the correction for the auditor.',
    }),
  },
});

export type OperatorCorrectionsActorRef = ActorRefFrom<typeof operatorCorrectionsMachine>;
