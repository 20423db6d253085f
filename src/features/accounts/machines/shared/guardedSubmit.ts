import { assign, sendTo } from 'xstate';
import type { SetupContext, SetupEvent, SetupEventType } from '../../../../app/machines/loadStates/setupTypes';

export interface GuardedSubmitConfig<S, E, P> {
  /** The form's press. */
  submit: E;
  /** What of the press the guard holds and hands back once accepted. */
  payload: (event: SetupEvent<S, E>) => P;
  /** The state that makes the call. */
  to: string;
  /** What of the accepted payload the call reads from the context. */
  keep: (payload: P) => Partial<SetupContext<S>>;
}

/**
 * A form's press through the anti-double-submit window (spec §9: the `submitGuard` child, invoked
 * as `guard`), as the two transitions of the state that takes it: the press hands its payload to
 * the guard, and the guard's `guard.accepted` (at most once a window) keeps it and goes `to` the
 * call. Why here: login, a security change, the address books and the nickname wrote these two
 * the same way, each casting the payload back; here it keeps its type from press to call.
 */
export function guardedSubmit<S, const E extends SetupEventType<S>, P>(_machineSetup: S, config: GuardedSubmitConfig<S, E, P>) {
  const transitions = {
    [config.submit]: { actions: sendTo('guard', ({ event }) => ({ type: 'guard.submit', payload: config.payload(event as SetupEvent<S, E>) })) },
    'guard.accepted': { target: config.to, actions: assign(({ event }) => config.keep(event.payload as P)) },
  };
  // What the machine's `on` takes: its names and types were checked on the way in, against the same setup.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return transitions as Record<E | 'guard.accepted', any>;
}
