import type { AnyStateMachine } from 'xstate';
import type { MachineModel, ModelEvent } from './model.types';

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

/**
 * A machine's model, typed by the machine (issue 54: each model named its machine twice, in its
 * type and its `machine` field): `machineModel(informMachine, [{ name: 'signed in' }], [...events])`,
 * with the context's `abstract` last where the traversal needs one.
 */
export function machineModel<M extends AnyStateMachine>(machine: M, variants: MachineModel<M>['variants'], events: ModelEvent[], abstract?: MachineModel<M>['abstract']): MachineModel<M> {
  return abstract === undefined ? { machine, variants, events } : { machine, variants, events, abstract };
}

/**
 * The values an event's one field is walked with, in order (issue 54: models listed
 * `{ type: 'margin.amount', value: '200' }` once a value): `...typedValues('margin.amount', ['200', '9000', '-1'])`,
 * or with the field named where it is not `value`: `...typedValues('form.type', ['market', 'stop'], 'orderType')`.
 */
export function typedValues(type: string, values: readonly unknown[], field = 'value'): ModelEvent[] {
  return values.map((value) => ({ type, [field]: value }));
}
