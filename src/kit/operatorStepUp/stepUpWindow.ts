/**
 * The step-up window as the four approval dialogs' machines judge it (kycReview, operatorWithdrawals,
 * operatorHeldDeposits, fiatAppeals): pure, over the machine's own clock, no I/O.
 */
export interface StepUpWindow {
  /** Until when (epoch ms) the session needs no code, as the dialog's read answered; null: a code is needed. */
  stepUpUntil: number | null;
  clock: () => number;
}

/** Whether the window is still open: the server counts it over at its end (stepUp.ts), so an ended one is none. */
export const stepUpOpen = (context: StepUpWindow): boolean => context.stepUpUntil !== null && context.clock() < context.stepUpUntil;

/**
 * How long (ms, never negative) until the window ends, when the dialog forgets it (none: at once, a
 * no-op): the machines' `stepUpEnds` delay. A timer takes at most 2^31-1 ms (a longer one fires at
 * once): a window further off is forgotten at that bound and a code asked, the safe side (the
 * server's windows last 5 minutes, stepUp.ts).
 */
export const stepUpLeft = ({ context }: { context: StepUpWindow }): number =>
  context.stepUpUntil === null ? 0 : Math.min(Math.max(0, context.stepUpUntil - context.clock()), 2 ** 31 - 1);
