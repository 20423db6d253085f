import { assign, fromCallback, sendTo, setup, type ActorRefFrom, type EventFrom, type EventObject } from 'xstate';
import type { RecurringPlan, RecurringPlanInput, RecurringRun } from '../../../../../domain/recurring';
import { messageForError, type ToastMessage } from '../../../../../domain/errors';
import type { Page } from '../../../../../domain/wallet';
import { confirmActMachine } from '../../../../app/machines/confirmAct/confirmAct.machine';
import type { ConfirmActReport } from '../../../../app/machines/confirmAct/confirmAct.types';
import { readState } from '../../../../app/machines/loadStates/loadStates';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { showToast, toastError } from '../../../../app/machines/toast/toastError';
import { planProblem } from '../../recurringRules';

/** A plan's pause, resume or cancel as the routes take it. */
export interface PlanActInput {
  plan_id: number;
}

/** A create with the key that makes its repeat the same plan (the server keeps the first answer). */
export interface CreatePlanInput {
  plan: RecurringPlanInput;
  idempotencyKey: string | undefined;
}

/** One page of a plan's runs. */
export interface RunsQuery {
  plan_id: number;
  page: number;
}

/** What a plan's own buttons do without a question (a cancel asks first: the `cancelPlan` child). */
export type PlanAction = 'pause' | 'resume';

export type RecurringPlansEvent =
  /** The form's request, with the pair's price places (the rule the form applied, asked again). */
  | { type: 'recurring.create'; plan: RecurringPlanInput; places: number }
  | { type: 'recurring.act'; id: number; action: PlanAction }
  /** Cancel: asks first (the `cancelPlan` child, the shared confirm-then-act). */
  | { type: 'recurring.cancel'; id: number }
  /** A plan's Runs: shows its newest page, or hides them when they are that plan's already. */
  | { type: 'recurring.runs'; id: number }
  | { type: 'recurring.runsPage'; page: number }
  /** `retry`: read the plans again after a failed read; `edit`: the form changed, its refusal goes. */
  | Signals<'recurring', 'retry' | 'edit' | 'hideRuns' | 'runsRetry'>
  /** From `notices`: the private channel says a notice was written (a plan its failures paused writes one). */
  | { type: 'recurring.pushed' }
  /** From the `cancelPlan` child once the cancel went through or was refused. */
  | ConfirmActReport<PlanActInput>;

export interface RecurringPlansContext {
  /** What the server answered last (undefined: not read yet); kept on screen while it is read again. */
  plans: RecurringPlan[] | undefined;
  /** The request being sent, or the last one refused (its key is reused only for the same request). */
  draft: RecurringPlanInput | undefined;
  /** The create's Idempotency-Key: a retry of the same request is the same plan, never a second one. */
  idempotencyKey: string | undefined;
  /** Why the last create was refused (here, or by the server, translated): under the form until it is changed or sent again. */
  refusal: ToastMessage | undefined;
  /** Plans created so far: the page starts a fresh form after each. */
  created: number;
  /** The pause or resume being sent. */
  acting: { id: number; action: PlanAction } | undefined;
  /** A notice or a cancel came while a call ran: the plans are read again once it ends, whatever its answer. */
  stale: boolean;
  /** The plan whose runs are shown (undefined: none), the page of them, and what was read. */
  runsOf: number | undefined;
  runsPage: number;
  runs: Page<RecurringRun> | undefined;
}

const sameRequest = (a: RecurringPlanInput | undefined, b: RecurringPlanInput) => a !== undefined && a.symbol === b.symbol && a.amount === b.amount && a.frequency === b.frequency;
const planOf = (context: RecurringPlansContext, id: number) => context.plans?.find((p) => p.id === id);
const ACTED = { pause: 'recurring.pausedToast', resume: 'recurring.resumedToast' } as const satisfies Record<PlanAction, string>;

const recurringPlansSetup = setup({
  types: { context: {} as RecurringPlansContext, events: {} as RecurringPlansEvent },
  actors: {
    fetchPlans: toBeProvided<RecurringPlan[]>('fetchPlans'),
    createPlan: toBeProvided<RecurringPlan, CreatePlanInput>('createPlan'),
    actOnPlan: toBeProvided<RecurringPlan, PlanActInput & { action: PlanAction }>('actOnPlan'),
    cancelPlan: confirmActMachine,
    fetchRuns: toBeProvided<Page<RecurringRun>, RunsQuery>('fetchRuns'),
    /** The private channel's `notice` pushes as `recurring.pushed` (recurring.flows.ts); none by default. */
    notices: fromCallback<EventObject>(() => () => undefined),
  },
  actions: {
    showToast,
    /** The request's shape refused here, said under the form as the server's refusal would be. */
    refuseHere: assign({ refusal: ({ event }) => (event.type === 'recurring.create' ? { key: planProblem(event.plan, event.places) ?? 'recurring.errors.amountInvalid' } : undefined) }),
    /** A sendable request, as it is sent (the pair in capitals, the amount without the spaces around it); another request than the last forgets the last one's key. */
    takeDraft: assign(({ context, event }) => {
      if (event.type !== 'recurring.create') return {};
      const draft = { symbol: event.plan.symbol.toUpperCase(), amount: event.plan.amount.trim(), frequency: event.plan.frequency };
      return { draft, refusal: undefined, idempotencyKey: sameRequest(context.draft, draft) ? context.idempotencyKey : undefined };
    }),
    /** The key the create goes with, made once per request (recurring.flows.ts gives a random one). */
    mintIdempotencyKey: assign({ idempotencyKey: ({ context }) => context.idempotencyKey ?? `local-key-recurring-${context.created}` }),
    /** The server's refusal (or the failure), translated, under the form. */
    refuseThere: assign({ refusal: ({ event }) => ('error' in event ? messageForError(event.error) : undefined) }),
    markStale: assign({ stale: true }),
    forgetActing: assign({ acting: undefined }),
    askCancel: sendTo('cancelPlan', ({ event }) => ({ type: 'confirmAct.ask' as const, subject: { plan_id: event.type === 'recurring.cancel' ? event.id : 0 } })),
    chooseRuns: assign({ runsOf: ({ event }) => (event.type === 'recurring.runs' ? event.id : undefined), runsPage: 1, runs: undefined }),
    choosePage: assign({ runsPage: ({ context, event }) => (event.type === 'recurring.runsPage' ? event.page : context.runsPage) }),
  },
  guards: {
    acceptable: ({ event }) => event.type === 'recurring.create' && planProblem(event.plan, event.places) === undefined,
    /** Pause only an active plan the page shows, resume only a paused one. */
    actable: ({ context, event }) => event.type === 'recurring.act' && planOf(context, event.id)?.status === (event.action === 'pause' ? 'active' : 'paused'),
    /** Cancel only a plan the page shows as active or paused. */
    cancellable: ({ context, event }) => event.type === 'recurring.cancel' && ['active', 'paused'].includes(planOf(context, event.id)?.status ?? 'cancelled'),
    listed: ({ context, event }) => event.type === 'recurring.runs' && planOf(context, event.id) !== undefined,
    shownAlready: ({ context, event }) => event.type === 'recurring.runs' && event.id === context.runsOf,
    otherPage: ({ context, event }) => event.type === 'recurring.runsPage' && event.page >= 1 && event.page !== context.runsPage,
    refused: ({ context }) => context.refusal !== undefined,
    stale: ({ context }) => context.stale,
    /** The plans were never read (the first read failed): the page still offers its Retry. */
    unread: ({ context }) => context.plans === undefined,
  },
});

/** A create heard: sent when acceptable, else refused in place. */
const create = [{ guard: 'acceptable', target: 'creating', actions: ['takeDraft', 'mintIdempotencyKey'] }, { actions: 'refuseHere' }] as const;
/** The cancel's toast: said whatever the plans region is doing. */
const cancelled = { type: 'showToast', params: { tone: 'success', message: { key: 'recurring.cancelledToast' } } } as const;
/** While a call runs, news of a change waits for its end: the plans are read again then. */
const whileCalling = { 'recurring.pushed': { actions: 'markStale' }, 'confirmAct.done': { actions: ['markStale', cancelled] }, 'confirmAct.failed': { actions: 'markStale' } } as const;
/** A plan's Runs: hidden when they are shown already, else that plan's newest page read (`reenter`: while a page of them is read). */
const showRuns = (reenter: boolean) => [{ guard: 'shownAlready', target: 'closed' }, { guard: 'listed', target: 'loading', reenter, actions: 'chooseRuns' }] as const;

/**
 * /recurring: the signed-in user's recurring buys. The plans region reads the plans, then creates
 * one (with an idempotency key kept for a retry of the same request; a refusal, here or the
 * server's, stays under the form until it is changed or sent again), pauses or resumes one, or
 * cancels one after a question (the `cancelPlan` child); after each the plans are read again. A
 * notice on the private channel (a plan its failures paused writes one) reads them again too. The
 * runs region shows one plan's runs a page at a time, newest first. The form stays usable when a
 * read failed.
 */
export const recurringPlansMachine = recurringPlansSetup.createMachine({
  id: 'recurringPlans',
  context: { plans: undefined, draft: undefined, idempotencyKey: undefined, refusal: undefined, created: 0, acting: undefined, stale: false, runsOf: undefined, runsPage: 1, runs: undefined },
  invoke: [
    { id: 'notices', src: 'notices' },
    { id: 'cancelPlan', src: 'cancelPlan', input: ({ self }) => ({ replyTo: self }) },
  ],
  on: {
    'recurring.edit': { guard: 'refused', actions: assign({ refusal: undefined }) },
  },
  type: 'parallel',
  states: {
    plans: {
      initial: 'loading',
      states: {
        loading: {
          entry: assign({ stale: false }),
          ...readState(recurringPlansSetup, { src: 'fetchPlans', into: (plans) => ({ plans }), next: 'ready', failed: 'loadFailed' }),
          on: {
            'recurring.pushed': { target: 'loading', reenter: true, description: 'A notice came while the plans were read: read them again, so a just-paused plan shows so.' },
            'confirmAct.done': { target: 'loading', reenter: true, actions: cancelled },
            'confirmAct.failed': { target: 'loading', reenter: true },
          },
        },
        loadFailed: {
          on: { 'recurring.retry': 'loading', 'recurring.pushed': 'loading', 'recurring.create': create, 'confirmAct.done': { target: 'loading', actions: cancelled }, 'confirmAct.failed': 'loading' },
        },
        ready: {
          on: {
            'recurring.create': create,
            'recurring.act': { guard: 'actable', target: 'acting', actions: assign({ acting: ({ event }) => ({ id: event.id, action: event.action }) }) },
            'recurring.cancel': { guard: 'cancellable', actions: 'askCancel' },
            'recurring.pushed': 'loading',
            'confirmAct.done': { target: 'loading', actions: cancelled },
            'confirmAct.failed': { target: 'loading', description: 'Refused (it was cancelled meanwhile): read the plans again.' },
          },
        },
        creating: {
          on: whileCalling,
          invoke: {
            id: 'createPlan',
            src: 'createPlan',
            input: ({ context }) => ({ plan: context.draft!, idempotencyKey: context.idempotencyKey }),
            onDone: {
              target: 'loading',
              actions: [
                // The new plan shows at once, before the plans are read again.
                assign({
                  plans: ({ context, event }) => (context.plans ? [...context.plans.filter((p) => p.id !== event.output.id), event.output] : context.plans),
                  created: ({ context }) => context.created + 1,
                  draft: undefined,
                  idempotencyKey: undefined,
                }),
                { type: 'showToast', params: { tone: 'success', message: { key: 'recurring.createdToast' } } },
              ],
            },
            onError: [
              { guard: 'stale', target: 'loading', actions: 'refuseThere' },
              { guard: 'unread', target: 'loadFailed', actions: 'refuseThere' },
              { target: 'ready', actions: 'refuseThere' },
            ],
          },
        },
        acting: {
          on: whileCalling,
          invoke: {
            id: 'actOnPlan',
            src: 'actOnPlan',
            input: ({ context }) => ({ plan_id: context.acting!.id, action: context.acting!.action }),
            // The toast reads which call it was, so the call is forgotten after it (an exit would run first).
            onDone: { target: 'loading', actions: [{ type: 'showToast', params: ({ context }) => ({ tone: 'success' as const, message: { key: ACTED[context.acting!.action] } }) }, 'forgetActing'] },
            // Refused (the plan changed meanwhile): said, and the plans read again to show what it is now.
            onError: { target: 'loading', actions: [toastError, 'forgetActing'] },
          },
        },
      },
    },
    runs: {
      initial: 'closed',
      on: { 'recurring.hideRuns': '.closed' },
      states: {
        closed: {
          entry: assign({ runsOf: undefined, runs: undefined, runsPage: 1 }),
          on: { 'recurring.runs': showRuns(false) },
        },
        loading: {
          on: {
            'recurring.runs': showRuns(true),
            'recurring.runsPage': { guard: 'otherPage', target: 'loading', reenter: true, actions: 'choosePage' },
          },
          ...readState(recurringPlansSetup, { src: 'fetchRuns', input: ({ context }) => ({ plan_id: context.runsOf!, page: context.runsPage }), into: (runs) => ({ runs }), next: 'shown', failed: 'failed' }),
        },
        shown: {
          on: {
            'recurring.runs': showRuns(false),
            'recurring.runsPage': { guard: 'otherPage', target: 'loading', actions: 'choosePage' },
            'recurring.pushed': { target: 'loading', description: 'A buy failed (its notice): the runs shown may have a new one.' },
          },
        },
        failed: {
          on: {
            'recurring.runs': showRuns(false),
            'recurring.runsRetry': 'loading',
          },
        },
      },
    },
  },
});

export type RecurringPlansActorRef = ActorRefFrom<typeof recurringPlansMachine>;

/** The composition root's key maker for the create (a random one a request), in place of the default. */
export const recurringKeyMinter = (mint: () => string) =>
  assign<RecurringPlansContext, EventFrom<typeof recurringPlansMachine>, unknown, EventFrom<typeof recurringPlansMachine>, never>({ idempotencyKey: ({ context }) => context.idempotencyKey ?? mint() });
