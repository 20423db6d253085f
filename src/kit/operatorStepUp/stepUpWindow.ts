import { isSecondFactorCode } from '../../../domain/twoFactor';

/**
 * The step-up window as the four approval dialogs' machines judge it (kycReview, operatorWithdrawals,
 * operatorHeldDeposits, fiatAppeals): pure, over the machine's own clock, no I/O. Each machine's
 * context extends `StepUpWindow`; its setup has the `readStepUp` actor (left to be provided), a
 * `stepUp` action that assigns `stepUpUntil` from its `until` param (the context's own type, so
 * each machine writes its one line) and `stepUpLeft` as its `stepUpEnds` delay; each dialog's
 * waiting state spreads `readsStepUpWindow`.
 */
export interface StepUpWindow {
  /** Until when (epoch ms) the session needs no code, as the dialog's read answered; null: a code is needed. */
  stepUpUntil: number | null;
  /** The time (epoch ms) the window is judged at: the machine's input, else the browser's clock (a test's own through the input). */
  clock: () => number;
}

/**
 * What an approval machine may be started with: the clock the step-up window is judged at (the
 * browser's when none). `void`, not `undefined`: setup drops `| undefined` from an input type, and
 * every start (the desk's hook) would then have to name one.
 */
export type StepUpInput = { clock?: () => number } | void;

/** The context's window as a machine starts: none known, judged at the input's clock. */
export const noStepUpWindow = (input: StepUpInput): StepUpWindow => ({ stepUpUntil: null, clock: input?.clock ?? (() => Date.now()) });

/** Whether the window is still open: the server counts it over at its end (stepUp.ts), so an ended one is none. */
const stepUpOpen = (context: StepUpWindow): boolean => context.stepUpUntil !== null && context.clock() < context.stepUpUntil;

/** A code of the right shape, or none while the window is open (the server judges either). */
export function codeSendable(code: string, context: StepUpWindow): boolean {
  const typed = code.trim();
  return isSecondFactorCode(typed) || (typed === '' && stepUpOpen(context));
}

/**
 * How long (ms, never negative) until the window ends, when the dialog forgets it (none: at once, a
 * no-op): the `stepUpEnds` delay. A timer takes at most 2^31-1 ms (a longer one fires at once): a
 * window further off is forgotten at that bound and a code asked, the safe side (the server's
 * windows last 5 minutes, stepUp.ts).
 */
export const stepUpLeft = ({ context }: { context: StepUpWindow }): number =>
  context.stepUpUntil === null ? 0 : Math.min(Math.max(0, context.stepUpUntil - context.clock()), 2 ** 31 - 1);

/**
 * A decision's dialog as it waits for the operator, with the window read as it opens (and again
 * after a refusal brings it back): while the server says the session is stepped up the code may be
 * left empty; a failed read asks for one. `watching`, entered as the read answers (its timer armed
 * from that answer), forgets the window when it ends, so the note goes and a code is asked while
 * the dialog stays open. Spread into the dialog's state, beside its own `on` and `description`.
 */
export const readsStepUpWindow = {
  invoke: {
    id: 'readStepUp',
    src: 'readStepUp',
    onDone: { target: '.watching', actions: { type: 'stepUp', params: ({ event }: { event: { output: number | null } }) => ({ until: event.output }) } },
    onError: { actions: { type: 'stepUp', params: { until: null } } },
  },
  initial: 'reading',
  states: {
    reading: {},
    watching: {
      description: 'Entered as the read answers (its timer armed from that answer): the window is forgotten when it ends, so the note goes and a code is asked while the dialog stays open.',
      after: { stepUpEnds: { actions: { type: 'stepUp', params: { until: null } } } },
    },
  },
} as const;
