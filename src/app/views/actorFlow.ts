import { shallowEqual, useSelector } from '@xstate/react';
import { useMemo, useRef } from 'react';
import type { AnyActorRef, EventFrom } from 'xstate';
import type { Signals } from '../machines/loadStates/setupTypes';

type SnapshotOf<A extends AnyActorRef> = ReturnType<A['getSnapshot']>;
type EventOf<A extends AnyActorRef> = EventFrom<A>;

/** What a view reads: one selector a field, each from the actor's snapshot. */
export type FlowReads<A extends AnyActorRef> = Record<string, (snapshot: SnapshotOf<A>) => unknown>;
/** What a view sends: one event maker a sender, called with the sender's arguments. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each maker has its own parameters
export type FlowSends<A extends AnyActorRef> = Record<string, (...args: any[]) => EventOf<A>>;

export type ActorFlow<A extends AnyActorRef, R extends FlowReads<A>, S extends FlowSends<A>> = { [K in keyof R]: ReturnType<R[K]> } & {
  [K in keyof S]: (...args: Parameters<S[K]>) => void;
};

/**
 * The one way a product's hook turns a running actor into what its view reads and sends
 * (views render and send; they never hold the actor): `useActorFlow(actor, { busy: (s) =>
 * s.matches('saving') }, { save: (name: string) => ({ type: 'profile.save', name }) })`.
 *
 * The reads run as one selector compared field by field, so a snapshot that changes none of
 * them re-renders nothing; the senders are made once per actor. Both maps are read on each
 * render's first call only through refs, so callers may write them inline.
 */
export function useActorFlow<A extends AnyActorRef, R extends FlowReads<A>, S extends FlowSends<A>>(actor: A, reads: R, sends: S): ActorFlow<A, R, S> {
  const readsRef = useRef(reads);
  readsRef.current = reads;
  const view = useSelector(
    actor,
    (snapshot) => {
      const out: Record<string, unknown> = {};
      for (const [key, read] of Object.entries(readsRef.current)) out[key] = read(snapshot as SnapshotOf<A>);
      return out;
    },
    shallowEqual,
  );
  const sendsRef = useRef(sends);
  sendsRef.current = sends;
  const senders = useMemo(() => {
    const out: Record<string, (...args: unknown[]) => void> = {};
    for (const key of Object.keys(sendsRef.current)) out[key] = (...args) => actor.send(sendsRef.current[key]!(...args));
    return out;
  }, [actor]);
  return { ...view, ...senders } as ActorFlow<A, R, S>;
}

/**
 * The senders of events that carry nothing, each named as its event's last word (issue 54: every
 * hook wrote `submit: () => ({ type: 'subscribe.submit' })` by hand):
 * `...signals('subscribe', ['submit', 'confirm', 'back'])` among a hook's senders. The event
 * types are checked against the actor's events where the map reaches `useActorFlow`; a machine
 * declares them alike, with `Signals` (app/machines/loadStates/setupTypes.ts).
 */
export function signals<const P extends string, const N extends string>(prefix: P, names: readonly N[]): { [K in N]: () => Signals<P, K> } {
  return Object.fromEntries(names.map((name) => [name, () => ({ type: `${prefix}.${name}` })])) as { [K in N]: () => Signals<P, K> };
}
