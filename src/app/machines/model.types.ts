import type { AnyStateMachine, EventObject, InputFrom, SnapshotFrom } from 'xstate';

/**
 * What the model-based tests and `npm run paths` need to walk a machine: the inputs to start it
 * with, and example payloads for the events its environment produces (actor results, user
 * events with data). Events not listed are generated bare ({ type }) from each state's own
 * transitions, including delays (xstate.after.*).
 */
/** An event with whatever payload it carries (actor output or error, user data). */
export type ModelEvent = EventObject & Record<string, unknown>;

export interface MachineModel<TMachine extends AnyStateMachine = AnyStateMachine> {
  machine: TMachine;
  /** One traversal per variant; the union of their paths is the machine's coverage. */
  variants: Array<{ name: string; input?: InputFrom<TMachine> }>;
  events: ModelEvent[];
  /**
   * What of the context tells states apart in the traversal (default: nothing; the state value
   * alone). Keep it small and finite: a counter or a growing list would make the graph endless.
   */
  abstract?: (snapshot: SnapshotFrom<TMachine>) => unknown;
}
