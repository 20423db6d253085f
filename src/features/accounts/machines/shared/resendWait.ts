// CODE_RESEND_SECONDS: seconds before another code may be requested (the server refuses sooner).
import { CODE_RESEND_SECONDS } from '../../../../../domain/constants';
import type { SetupActorSrc, SetupEventType } from '../../../../app/machines/loadStates/setupTypes';

export interface ResendWaitConfig<S, K> {
  /** What says a code went out (raised by the machine once the send succeeded). */
  sent: SetupEventType<S>;
  /** Whether this region's address is the one the code went to (a security change counts two). */
  guard?: string;
  /** The countdown child (app/machines/countdown), named in the machine's setup under its id. */
  child: K;
}

/**
 * The wait before another verification code may be asked for (spec §5: at most one a minute), as
 * a region of a code-sending machine: `ready` until `sent` is heard, then `coolingDown` while the
 * countdown child runs; the page shows the child's seconds from its own snapshot (`useRemaining`
 * in accounts.hooks). Why here: registration, password reset and both addresses of a security
 * change wait the same way, and wrote it three ways.
 */
export function resendWait<S, const K extends SetupActorSrc<S>>(_machineSetup: S, config: ResendWaitConfig<S, K>) {
  const region = {
    initial: 'ready',
    states: {
      ready: { on: { [config.sent]: config.guard ? { guard: config.guard, target: 'coolingDown' } : 'coolingDown' } },
      coolingDown: { invoke: { id: config.child, src: config.child, input: { seconds: CODE_RESEND_SECONDS }, onDone: 'ready' } },
    },
  };
  // What the machine's config takes: its names were checked on the way in, against the same setup.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return region as { initial: 'ready'; states: { ready: any; coolingDown: any } };
}
