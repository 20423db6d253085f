import type { AnyActorRef } from 'xstate';
import type { Signals } from '../loadStates/setupTypes';
import type { ActReport } from './actReport';

/** What the parent hears once the act settled: it then reads again what it shows, whichever way the act went. */
export type ConfirmActReport<TSubject, TOutput = unknown> = ActReport<'confirmAct', TSubject, TOutput>;

export type ConfirmActEvent<TSubject> =
  /** The question opens about this subject. */
  | { type: 'confirmAct.ask'; subject: TSubject }
  | Signals<'confirmAct', 'confirm' | 'cancel'>;

export interface ConfirmActInput {
  /** Who hears `confirmAct.done` / `confirmAct.failed`: the parent that invokes the child passes `self`. */
  replyTo?: AnyActorRef;
  /**
   * A refusal stays in the question (the `refused` state, said in the dialog) instead of a toast
   * that vanishes: for a delete whose refusal the user must be able to read (issue 50 S3).
   */
  keepRefusal?: boolean;
}
