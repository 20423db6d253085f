import { assign } from 'xstate';
import { callState, type CallConfig } from '../loadStates/loadStates';
import type { SetupActorSrc, SetupEventType, StateConfig } from '../loadStates/setupTypes';

/** The context field a push-aware read keeps: a machine using `pushAwareRead` declares it. */
export interface PushAwareContext {
  /** A push came while reading: the answer may predate it, so it is read again. */
  pushedDuringRead: boolean;
}

export interface PushAwareReadConfig<S, K> extends Pick<CallConfig<S, K>, 'src' | 'input' | 'into' | 'next' | 'failed'> {
  /** What says something the read shows changed on the server. */
  pushed: SetupEventType<S>;
  /** Why a push heard while reading is kept (its transition's description). */
  why: string;
}

/**
 * A read that a push may overtake: the answer under way may predate a change pushed meanwhile, so
 * the push is kept (`pushedDuringRead`) and the state shown next reads again once it is in (its
 * `pushedDuringRead` guard). The read itself is `callState`'s: `src` invoked, its answer put
 * `into` the context, on to `next`, a failure toasted and on to `failed`. Why shared: the paged
 * list and the futures detail read alike.
 */
export function pushAwareRead<S, const K extends SetupActorSrc<S>>(machineSetup: S, config: PushAwareReadConfig<S, K>): { entry: StateConfig; on: StateConfig; invoke: StateConfig } {
  const { pushed, why, ...read } = config;
  return {
    entry: assign({ pushedDuringRead: false }),
    on: { [pushed]: { actions: assign({ pushedDuringRead: true }), description: why } },
    ...callState(machineSetup, read),
  };
}

/** The guard of the state shown once read: a push came while reading. */
export const pushedDuringRead = ({ context }: { context: PushAwareContext }) => context.pushedDuringRead;
