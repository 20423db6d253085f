import type { ModelEvent } from './model.types';

/** The failure most reads are walked with: the network did not answer. */
const NETWORK_DOWN = { kind: 'network' };

/**
 * An actor's two answers as a machine model lists them (issue 54: every model wrote the pair by
 * hand): `xstate.done.actor.<src>` with its `output`, then `xstate.error.actor.<src>` with `error`
 * (a network failure unless a refusal is given).
 */
export function actorAnswers(src: string, output: unknown, error: unknown = NETWORK_DOWN): ModelEvent[] {
  return [
    { type: `xstate.done.actor.${src}`, output },
    { type: `xstate.error.actor.${src}`, error },
  ];
}
