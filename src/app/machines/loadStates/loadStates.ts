import { assign } from 'xstate';
import { messageForError } from '../../../../domain/errors';
import { toastError } from '../toast/toastError';
import type { SetupActionType, SetupActorInput, SetupActorOutput, SetupActorSrc, SetupContext, SetupEvent, SetupEventType, SetupGuardType, StateConfig } from './setupTypes';

export interface ReadConfig<S, K> {
  /** The read, one of the machine's actors; it runs under its own name. */
  src: K;
  /** What the read is started with, where it takes something (the page, the filter). */
  input?: (args: { context: SetupContext<S> }) => SetupActorInput<S, K>;
  /** What the answer puts in the context. */
  into: (output: SetupActorOutput<S, K>) => Partial<SetupContext<S>>;
  /** The state shown once read (a sibling of `loading`). */
  next: string;
  /** The state a failed read goes to (a sibling of `loading`): `loadFailed` unless said. */
  failed?: string;
}

export interface LoadConfig<S, K> extends ReadConfig<S, K> {
  /** The user's "Retry" in `loadFailed`. */
  retry: SetupEventType<S>;
}

/**
 * One read under way: `src` invoked, its answer put `into` the context and on to `next`, or its
 * failure toasted (`toastError`) and on to `loadFailed` (or `failed`). It is `loadStates`' `loading`, and a
 * page's further read before it shows anything (the API keys after the 2FA status).
 */
export function readState<S, const K extends SetupActorSrc<S>>(_machineSetup: S, config: ReadConfig<S, K>): StateConfig {
  return {
    invoke: {
      id: config.src,
      src: config.src,
      ...(config.input === undefined ? {} : { input: config.input }),
      onDone: { target: config.next, actions: assign(({ event }) => config.into(event.output)) },
      onError: { target: config.failed ?? 'loadFailed', actions: toastError },
    },
  };
}

export interface CallConfig<S, K> {
  /** The call, one of the machine's actors; it runs under its own name. */
  src: K;
  /** What the call is started with, where it takes something. */
  input?: (args: { context: SetupContext<S> }) => SetupActorInput<S, K>;
  /** What the answer changes in the context, where it changes anything. */
  into?: (output: SetupActorOutput<S, K>, context: SetupContext<S>) => Partial<SetupContext<S>>;
  /** The success toast's text key. */
  saved?: string;
  /** The machine's own actions once done, after the toast. */
  then?: SetupActionType<S>[];
  /** The state once done, and where a failure goes (`next` unless said). */
  next: string;
  failed?: string;
  /** The context field that shows a refusal in place, translated (cleared as the call starts); without one, the failure is toasted. */
  refusal?: keyof SetupContext<S>;
}

/**
 * One call of a user's step under way (issue 54: the 2FA steps and the security desks wrote it by
 * hand): `src` invoked, its answer put `into` the context, the `saved` toast and `then` the
 * machine's own actions, on to `next`; a failure goes to `failed` with the server's refusal in
 * `refusal` (in place, under the step) or, without one, toasted. Typed as a state that invokes,
 * not as any state, so that the machine's own types stay exact.
 */
export function callState<S, const K extends SetupActorSrc<S>>(_machineSetup: S, config: CallConfig<S, K>): { entry?: StateConfig; invoke: StateConfig } {
  const { into, saved, refusal } = config;
  const done = [
    ...(into === undefined ? [] : [assign(({ context, event }) => into(event.output, context as SetupContext<S>))]),
    ...(saved === undefined ? [] : [{ type: 'showToast', params: { tone: 'success', message: { key: saved } } }]),
    ...(config.then ?? []),
  ];
  return {
    ...(refusal === undefined ? {} : { entry: assign({ [refusal]: undefined }) }),
    invoke: {
      id: config.src,
      src: config.src,
      ...(config.input === undefined ? {} : { input: config.input }),
      onDone: { target: config.next, actions: done },
      onError: { target: config.failed ?? config.next, actions: refusal === undefined ? toastError : assign({ [refusal]: ({ event }: { event: { error: unknown } }) => messageForError(event.error) }) },
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

/*
 * What the operator desks' machines share (issue 54: the fees, operators, markets and corrections desks wrote these states by hand, thirteen forms and two lists): the
 * list a desk reads (`deskList`) and the form it opens over it (`formDialog`). Here beside the reads
 * they build on, in one module: a module of their own was one more chunk named in /home's entry,
 * over its bundle budget (scripts/bundle/bundle.test.ts).
 */

/** A context field holding a count: the forms opened or sent so far. */
type CountField<C> = { [F in keyof C]: C[F] extends number ? F : never }[keyof C];

export interface FormDialogConfig<S, K, T> {
  /** The event that sends the form (its fields ride on it). */
  submit: T;
  /** Whether the submission may be sent; without one, whatever is typed is sent and the server judges it. */
  guard?: SetupGuardType<S>;
  /** The save, one of the machine's actors; it runs under its own name. */
  src: K;
  /** What the save is started with, from the submission and the context. */
  input: (args: { context: SetupContext<S>; event: SetupEvent<S, T> }) => SetupActorInput<S, K>;
  /** The event that closes the form (nothing is sent), and where it goes: the sibling closed state, by id (`#desk.form.closed`). */
  close: SetupEventType<S>;
  closed: string;
  /** The context field showing the server's refusal under the form (cleared by a new submission). */
  refusal: keyof SetupContext<S>;
  /** The action that puts a refusal (`{ error }`) in it. */
  refuse: SetupActionType<S>;
  /** The success toast's text key once saved (from the context where it depends on the subject, and the answer where it says what was done). */
  saved: string | ((context: SetupContext<S>, output: unknown) => string);
  /** The action that reads the desk again after a save. */
  reload: SetupActionType<S>;
  /** Read again after a refusal too: someone may have decided meanwhile. */
  reloadOnRefusal?: boolean;
  /** A count raised by each save (a fresh form the next time). */
  count?: CountField<SetupContext<S>>;
  /** What the states say of themselves (the sending one's default: nothing is heard but the answer). */
  editing?: string;
  sending?: string;
}

const NOTHING_HEARD = 'Neither a second submission nor a close is heard while the server decides.';

/**
 * One form of an operator desk, open: `editing` takes the
 * `submit` event (its `guard` passed) to `sending`, which invokes `src` with `input` and closes on
 * its answer (success toast `saved`, the desk read again with `reload`), or goes back to `editing`
 * with the server's refusal in `refusal`, the form kept open to correct it. `close` leaves from
 * `editing`; while sending it is not heard. The state's `closed` sibling forgets the form.
 *
 * `proposing: formDialog(deskSetup, { submit: 'corrections.submitProposal', src: 'proposeCorrection', … })`
 * among the desk's states, with `deskSetup` the machine's own `setup(…)`: names, events, input and
 * context fields are checked against it.
 */
export function formDialog<S, const K extends SetupActorSrc<S>, const T extends SetupEventType<S>>(_machineSetup: S, config: FormDialogConfig<S, K, T>): StateConfig {
  const refused = { type: config.refuse, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) };
  const { saved, count } = config;
  const toast = {
    type: 'showToast',
    params:
      typeof saved === 'string'
        ? { tone: 'success', message: { key: saved } }
        : ({ context, event }: { context: SetupContext<S>; event: { output?: unknown } }) => ({ tone: 'success', message: { key: saved(context, event.output) } }),
  };
  const counted = count === undefined ? [] : [assign(({ context }: { context: Record<PropertyKey, unknown> }) => ({ [count]: (context[count] as number) + 1 }))];
  return {
    initial: 'editing',
    on: { [config.close]: config.closed },
    states: {
      editing: {
        ...(config.editing === undefined ? {} : { description: config.editing }),
        on: { [config.submit]: { ...(config.guard === undefined ? {} : { guard: config.guard }), target: 'sending', actions: assign({ [config.refusal]: undefined }) } },
      },
      sending: {
        description: config.sending ?? NOTHING_HEARD,
        on: { [config.close]: {} },
        invoke: {
          id: config.src,
          src: config.src,
          input: config.input,
          onDone: { target: config.closed, actions: [...counted, toast, config.reload] },
          onError: { target: 'editing', actions: config.reloadOnRefusal === true ? [refused, config.reload] : refused },
        },
      },
    },
  };
}

export interface DeskListConfig<S, K> extends Omit<ReadConfig<S, K>, 'next' | 'failed'> {
  /** Read the list again: a change made here (the desk's own `reload` action) or pushed. */
  reload: SetupEventType<S>;
}

/**
 * An operator desk's list (the operators' and the markets' desks):
 * `loading` reads `src` into the context, on to `ready`, or toasts the failure and waits in
 * `failed`; `reload` reads again from either, and a reload heard while reading restarts the read
 * (a change made meanwhile must show).
 */
export function deskList<S, const K extends SetupActorSrc<S>>(machineSetup: S, config: DeskListConfig<S, K>): StateConfig {
  const { reload, ...read } = config;
  return {
    initial: 'loading',
    states: {
      loading: {
        on: { [reload]: { target: 'loading', reenter: true, description: 'A change made while the list was read: read it again.' } },
        ...readState(machineSetup, { ...read, next: 'ready', failed: 'failed' }),
      },
      ready: { on: { [reload]: 'loading' } },
      failed: { on: { [reload]: 'loading' } },
    },
  };
}
