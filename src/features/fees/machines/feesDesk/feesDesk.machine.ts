import { assign, raise, setup, type ActorRefFrom } from 'xstate';
import { messageForError, type ToastMessage } from '../../../../../domain/errors';
import { rateProblem, tiersValid, type FeeOverride, type FeeOverrideEdit, type FeeScheduleEdit, type FeeScheduleRow, type FeeTier, type FeesDesk } from '../../../../../domain/fees';
import { isSecondFactorCode } from '../../../../../domain/twoFactor';
import { formDialog, readState } from '../../../../app/machines/loadStates/loadStates';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { showToast } from '../../../../app/machines/toast/toastError';
import type { Signals, StateConfig } from '../../../../app/machines/loadStates/setupTypes';

/** Which edit form is open, and what it starts from (a row of the desk, or nothing for a new one). */
export type FeesDeskForm = { kind: 'tiers' } | { kind: 'schedule'; row: FeeScheduleRow | undefined } | { kind: 'override'; override: FeeOverride | undefined };

export interface FeesDeskInput {
  /** Whether the operator's roles grant fees.write (tiers, schedule rows) and fees.override (a user's override). */
  mayEdit: boolean;
  mayOverride: boolean;
}

/** A tier table or schedule row's edit checked and held while the operator confirms it with their 2FA code. */
export type FeesDeskPending = { kind: 'tiers'; tiers: FeeTier[] } | { kind: 'schedule'; edit: FeeScheduleEdit };

export interface FeesDeskContext extends FeesDeskInput {
  desk: FeesDesk | undefined;
  form: FeesDeskForm | undefined;
  /** The edit being confirmed (what changes is said from it and the desk: feesDesk.changes.ts); back in its form, its values. */
  pending: FeesDeskPending | undefined;
  /** The server's refusal of the last edit, shown under its form (translated by the server, or a key). */
  refusal: ToastMessage | undefined;
  /** Forms opened so far: fresh fields each time. */
  opened: number;
}

export type FeesDeskEvent =
  | Signals<'desk', 'retry' | 'editTiers'>
  | { type: 'desk.editSchedule'; row?: FeeScheduleRow }
  | { type: 'desk.editOverride'; override?: FeeOverride }
  | { type: 'desk.submitTiers'; tiers: FeeTier[] }
  | { type: 'desk.submitSchedule'; edit: FeeScheduleEdit }
  /** The held tiers or schedule row confirmed with the operator's own 2FA code (the route asks it: it moves money). */
  | { type: 'desk.confirmEdit'; code: string }
  /** Back from the confirmation to the form, its values kept. */
  | { type: 'desk.backToForm' }
  /** An override set or ended, with the operator's own 2FA code (the route asks it: it moves money). */
  | { type: 'desk.submitOverride'; edit: FeeOverrideEdit; code: string }
  | { type: 'desk.closeEdit' };

/** Whether an override's edit may be sent: an end names no rate; a setting has a valid rate and an end in the future (the server checks the clock). */
const overrideSendable = (edit: FeeOverrideEdit): boolean =>
  Number.isSafeInteger(edit.user_id) &&
  edit.user_id > 0 &&
  (edit.end === true || (rateProblem({ maker: edit.maker ?? '', taker: edit.taker ?? '' }, edit.product) === undefined && Number.isSafeInteger(edit.ends_ms)));

/**
 * The console's fees desk (issue 52 §2; finance edits, auditors read: `fees.read`): the tiers,
 * every schedule row and the overrides in force, as the server holds them. With fees.write
 * (`mayEdit`) the tier table is replaced and a schedule row set or removed through a form each,
 * confirmed on a step that says what changes (old → new) and asks the operator's 2FA code; with
 * fees.override (`mayOverride`) a user's override is set or ended through a form that asks the
 * operator's 2FA code. A form sends only what the server's rules allow (domain/fees.ts), keeps the
 * server's refusal under it, and after a save closes and the desk is read again.
 */
const feesDeskSetup = setup({
  types: { context: {} as FeesDeskContext, events: {} as FeesDeskEvent, input: {} as FeesDeskInput | undefined },
  actors: {
    fetchDesk: toBeProvided<FeesDesk>('fetchDesk'),
    saveTiers: toBeProvided<unknown, { tiers: FeeTier[]; code: string }>('saveTiers'),
    saveSchedule: toBeProvided<unknown, FeeScheduleEdit & { code: string }>('saveSchedule'),
    saveOverride: toBeProvided<unknown, FeeOverrideEdit & { code: string }>('saveOverride'),
  },
  actions: {
    showToast,
    reload: raise({ type: 'desk.retry' }),
    forget: assign({ form: undefined, refusal: undefined, pending: undefined }),
    hold: assign({ pending: (_, params: FeesDeskPending) => params, refusal: undefined }),
    refuse: assign({ refusal: (_, params: { error: unknown }) => messageForError(params.error) }),
    open: assign({ form: (_, params: FeesDeskForm) => params, opened: ({ context }) => context.opened + 1 }),
  },
  guards: {
    mayEdit: ({ context }) => context.mayEdit && context.desk !== undefined,
    mayOverride: ({ context }) => context.mayOverride && context.desk !== undefined,
    tiersSendable: ({ event }) => event.type === 'desk.submitTiers' && tiersValid(event.tiers),
    scheduleSendable: ({ event }) => event.type === 'desk.submitSchedule' && (event.edit.remove === true || rateProblem(event.edit, event.edit.product) === undefined),
    codeSendable: ({ event, context }) => event.type === 'desk.confirmEdit' && context.pending !== undefined && isSecondFactorCode(event.code),
    overrideSendable: ({ event }) => event.type === 'desk.submitOverride' && isSecondFactorCode(event.code) && overrideSendable(event.edit),
  },
});

/** What every form of the desk shares: closed by `desk.closeEdit`, its refusal kept under it, the desk read again once saved. */
const SAVE = { close: 'desk.closeEdit', closed: '#feesDesk.edit.closed', refusal: 'refusal', refuse: 'refuse', saved: 'fees.form.saved', reload: 'reload' } as const;

/**
 * A tier table or schedule row's form, then its confirmation: a sendable edit is held (`pending`)
 * and the change said (old → new) with the operator's 2FA code asked; `desk.backToForm` returns to
 * the form with the edit's values. A confirmation with a well-formed code is sent as formDialog's
 * `sending` is (nothing else heard; saved: the success toast, the desk read again); a refusal (a
 * wrong code, a tier in use) stays under the confirmation, whose Back reaches the form.
 */
function confirmedEdit(config: {
  submit: 'desk.submitTiers' | 'desk.submitSchedule';
  guard: 'tiersSendable' | 'scheduleSendable';
  held: (event: FeesDeskEvent) => FeesDeskPending;
  src: 'saveTiers' | 'saveSchedule';
  input: (pending: FeesDeskPending | undefined, code: string) => object;
}): StateConfig {
  return {
    initial: 'editing',
    on: { [SAVE.close]: SAVE.closed },
    states: {
      editing: { on: { [config.submit]: { guard: config.guard, target: 'confirming', actions: { type: 'hold', params: ({ event }: { event: FeesDeskEvent }) => config.held(event) } } } },
      confirming: {
        description: 'What changes is said, old → new; nothing is sent without the operator’s own 2FA code.',
        on: { 'desk.backToForm': { target: 'editing', actions: assign({ refusal: undefined }) }, 'desk.confirmEdit': { guard: 'codeSendable', target: 'sending', actions: assign({ refusal: undefined }) } },
      },
      sending: {
        description: 'Neither a second confirmation nor a close is heard while the server decides.',
        on: { [SAVE.close]: {} },
        invoke: {
          id: config.src,
          src: config.src,
          input: ({ context, event }: { context: FeesDeskContext; event: FeesDeskEvent }) => config.input(context.pending, event.type === 'desk.confirmEdit' ? event.code.trim() : ''),
          onDone: { target: SAVE.closed, actions: [{ type: 'showToast', params: { tone: 'success', message: { key: SAVE.saved } } }, SAVE.reload] },
          onError: { target: 'confirming', actions: { type: SAVE.refuse, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } },
        },
      },
    },
  };
}

export const feesDeskMachine = feesDeskSetup.createMachine({
  id: 'feesDesk',
  // No input (a session stored before roles were sent): the forms are offered; the server decides.
  context: ({ input }) => ({ desk: undefined, mayEdit: input?.mayEdit ?? true, mayOverride: input?.mayOverride ?? true, form: undefined, pending: undefined, refusal: undefined, opened: 0 }),
  type: 'parallel',
  states: {
    desk: {
      initial: 'loading',
      states: {
        loading: readState(feesDeskSetup, { src: 'fetchDesk', into: (desk) => ({ desk }), next: 'shown', failed: 'failed' }),
        shown: { on: { 'desk.retry': 'loading' } },
        failed: { on: { 'desk.retry': 'loading' } },
      },
    },
    edit: {
      initial: 'closed',
      states: {
        closed: {
          entry: 'forget',
          on: {
            'desk.editTiers': { guard: 'mayEdit', target: 'tiers', actions: { type: 'open', params: { kind: 'tiers' } } },
            'desk.editSchedule': { guard: 'mayEdit', target: 'schedule', actions: { type: 'open', params: ({ event }) => ({ kind: 'schedule' as const, row: event.row }) } },
            'desk.editOverride': { guard: 'mayOverride', target: 'override', actions: { type: 'open', params: ({ event }) => ({ kind: 'override' as const, override: event.override }) } },
          },
        },
        tiers: confirmedEdit({
          submit: 'desk.submitTiers',
          guard: 'tiersSendable',
          held: (event) => ({ kind: 'tiers', tiers: event.type === 'desk.submitTiers' ? event.tiers : [] }),
          src: 'saveTiers',
          input: (pending, code) => ({ tiers: pending?.kind === 'tiers' ? pending.tiers : [], code }),
        }),
        schedule: confirmedEdit({
          submit: 'desk.submitSchedule',
          guard: 'scheduleSendable',
          held: (event) => ({ kind: 'schedule', edit: event.type === 'desk.submitSchedule' ? event.edit : ({} as FeeScheduleEdit) }),
          src: 'saveSchedule',
          input: (pending, code) => ({ ...(pending?.kind === 'schedule' ? pending.edit : {}), code }),
        }),
        override: formDialog(feesDeskSetup, {
          ...SAVE,
          submit: 'desk.submitOverride',
          guard: 'overrideSendable',
          src: 'saveOverride',
          input: ({ event }) => ({ ...event.edit, code: event.code.trim() }),
        }),
      },
    },
  },
});

export type FeesDeskActorRef = ActorRefFrom<typeof feesDeskMachine>;
