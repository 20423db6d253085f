import type { AnyActorLogic, EventObject, InputFrom, MachineContext, OutputFrom } from 'xstate';

// What a machine's `setup(…)` says about itself, read from its typed `createAction`, so that a
// helper writing part of a machine's config can check what it is given against that machine.

type ActionOf<S> = S extends { createAction: (action: infer F) => unknown } ? F : never;
type ActorOf<S> = NonNullable<ActionOf<S> extends { _out_TActor?: infer A } ? A : never>;

/** The machine's context. */
export type SetupContext<S> = ActionOf<S> extends (args: infer A, params: never) => void ? (A extends { context: infer C extends MachineContext } ? C : never) : never;
/** The type of each of the machine's events. */
export type SetupEventType<S> = NonNullable<ActionOf<S> extends { _out_TEvent?: infer E } ? E : never> extends infer E extends EventObject ? E['type'] : never;
/** The name of each of the machine's actors. */
export type SetupActorSrc<S> = ActorOf<S> extends { src: infer K } ? K & string : never;
/** What the actor named `K` answers. */
export type SetupActorOutput<S, K> = Extract<ActorOf<S>, { src: K }> extends { logic: infer L extends AnyActorLogic } ? OutputFrom<L> : never;
/** The machine's event of this type. */
export type SetupEvent<S, T> = Extract<NonNullable<ActionOf<S> extends { _out_TEvent?: infer E } ? E : never>, { type: T }>;
/** What the actor named `K` is started with. */
export type SetupActorInput<S, K> = Extract<ActorOf<S>, { src: K }> extends { logic: infer L extends AnyActorLogic } ? InputFrom<L> : never;
/** The name of each of the machine's actions. */
export type SetupActionType<S> = NonNullable<ActionOf<S> extends { _out_TAction?: infer A } ? A : never> extends infer A extends { type: string } ? A['type'] : never;
/** The name of each of the machine's guards. */
export type SetupGuardType<S> = NonNullable<ActionOf<S> extends { _out_TGuard?: infer G } ? G : never> extends infer G extends { type: string } ? G['type'] : never;

/**
 * A machine's events that carry nothing, named once under their prefix (issue 54: each was a line
 * of its own): `| Signals<'subscribe', 'submit' | 'confirm' | 'back'>` in its event union is
 * `{ type: 'subscribe.submit' } | { type: 'subscribe.confirm' } | …`, each a member of its own.
 * The hooks send them with `signals()` (app/views/actorFlow.ts).
 */
export type Signals<P extends string, N extends string> = N extends string ? { type: `${P}.${N}` } : never;

/**
 * A state's config as a state-building helper hands it to `createMachine` (callState, pushAwareRead,
 * the proof and code-request steps, held deposits' dialogs). Its names and types were checked on the
 * way in, against the machine's own setup; typed loosely here so the machine's own types stay exact
 * (a typed StateNodeConfig would have to repeat the machine's whole type).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type StateConfig = any;
