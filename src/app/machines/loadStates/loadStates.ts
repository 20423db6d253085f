import { assign } from 'xstate';
import { toastError } from '../toast/toastError';
import type { SetupActorOutput, SetupActorSrc, SetupContext, SetupEventType } from './setupTypes';

export interface ReadConfig<S, K> {
  /** The read, one of the machine's actors; it runs under its own name. */
  src: K;
  /** What the answer puts in the context. */
  into: (output: SetupActorOutput<S, K>) => Partial<SetupContext<S>>;
  /** The state shown once read (a sibling of `loading`). */
  next: string;
}

export interface LoadConfig<S, K> extends ReadConfig<S, K> {
  /** The user's "Retry" in `loadFailed`. */
  retry: SetupEventType<S>;
}

// What the machine's config takes: the helpers' types were checked on the way in, against the machine's own setup.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type StateConfig = any;

/**
 * One read under way: `src` invoked, its answer put `into` the context and on to `next`, or its
 * failure toasted (`toastError`) and on to `loadFailed`. It is `loadStates`' `loading`, and a
 * page's further read before it shows anything (the API keys after the 2FA status).
 */
export function readState<S, const K extends SetupActorSrc<S>>(_machineSetup: S, config: ReadConfig<S, K>): StateConfig {
  return {
    invoke: {
      id: config.src,
      src: config.src,
      onDone: { target: config.next, actions: assign(({ event }) => config.into(event.output)) },
      onError: { target: 'loadFailed', actions: toastError },
    },
  };
}

/**
 * The first read of a page's machine, said once (issue 39: it was written by hand in every page
 * that shows what it read): `loading` invokes the read and goes on to `next` with its answer,
 * or to `loadFailed` with the failure toasted, where `retry` reads again.
 *
 * `…loadStates(machineSetup, { src: 'fetchLevel', into: (level) => ({ level }), next: 'ready',
 * retry: 'securityLevel.retry' })` among the machine's states, with `machineSetup` the machine's own
 * `setup(…)`: the read's name, the answer's type, the context and the retry event are checked
 * against it. A state that needs more (an entry action, events of its own) spreads the one
 * returned into its own config. Used by accounts (API keys, sessions, security level,
 * anti-phishing, 2FA, the address books) and the KYC review queue; open to every product.
 */
export function loadStates<S, const K extends SetupActorSrc<S>>(machineSetup: S, config: LoadConfig<S, K>): { loading: StateConfig; loadFailed: StateConfig } {
  return {
    loading: readState(machineSetup, config),
    loadFailed: { on: { [config.retry]: 'loading' } },
  };
}

/**
 * What a page's hook reads of the states `loadStates` makes, under the names views take:
 * `useActorFlow(actor, { ...loadReads, sessions: (s) => s.context.sessions }, …)`.
 */
export const loadReads = {
  loading: (snapshot: { matches: (state: 'loading') => boolean }) => snapshot.matches('loading'),
  loadFailed: (snapshot: { matches: (state: 'loadFailed') => boolean }) => snapshot.matches('loadFailed'),
};
