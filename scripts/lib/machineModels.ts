/**
 * Finds every machine under src/ (files named *.machine.ts) and its optional model
 * (*.model.ts beside it), and generates paths through it with xstate/graph. Shared by the
 * model-based tests (tests/model) and the QA report (npm run paths), so a new machine joins both
 * by existing.
 */
import { readdirSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createActor, fromPromise, type AnyStateMachine, type AnyStateNode, type EventObject, type InputFrom } from 'xstate';
import { getAdjacencyMap, getShortestPaths, getStateNodes } from 'xstate/graph';
import type { MachineModel } from '../../src/app/machines/model.types';

export const MACHINES_DIR = join(import.meta.dirname, '..', '..', 'src');

export interface DiscoveredMachine {
  name: string;
  file: string;
  model: MachineModel;
  /** False when no *.model.ts exists: paths come from bare events only. */
  hasModel: boolean;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

function isMachine(value: unknown): value is AnyStateMachine {
  return typeof value === 'object' && value !== null && 'root' in value && 'config' in value && 'transition' in value;
}

function isModel(value: unknown): value is MachineModel {
  return typeof value === 'object' && value !== null && 'machine' in value && 'variants' in value && 'events' in value;
}

export async function discoverMachines(): Promise<DiscoveredMachine[]> {
  const files = walk(MACHINES_DIR).filter((f) => f.endsWith('.machine.ts')).sort();
  const found: DiscoveredMachine[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    const modelFile = file.replace(/\.machine\.ts$/, '.model.ts');
    const models = statSync(modelFile, { throwIfNoEntry: false })
      ? Object.values((await import(pathToFileURL(modelFile).href)) as Record<string, unknown>).filter(isModel)
      : [];
    for (const [exportName, value] of Object.entries(module)) {
      if (!isMachine(value)) continue;
      const model = models.find((m) => m.machine === value);
      found.push({
        name: value.id ?? exportName,
        file: relative(join(MACHINES_DIR, '..'), file),
        model: model ?? { machine: value, variants: [{ name: basename(file) }], events: [] },
        hasModel: model !== undefined,
      });
    }
  }
  return found;
}

export interface PathStep {
  event: EventObject;
  /** The machine's snapshot after the event. */
  state: { value: unknown; nodes: AnyStateNode[] };
}

export interface GeneratedPath<TInput = unknown> {
  variant: string;
  input: TInput;
  description: string;
  steps: PathStep[];
}

type Snapshot = { value: unknown; _nodes: AnyStateNode[]; context: unknown };

/**
 * The events to try in a state: for each event type the state's nodes handle, the model's example
 * payloads of that type, or the bare { type } when the model gives none. (An events array given
 * to xstate/graph replaces this derivation instead of extending it, hence a function.)
 */
function eventsFor(model: MachineModel, snapshot: Snapshot): EventObject[] {
  const types = [...new Set(snapshot._nodes.flatMap((n) => n.ownEvents))].filter((t) => t !== '*');
  return types.flatMap((type) => {
    const examples = model.events.filter((e) => e.type === type);
    return examples.length > 0 ? examples : [{ type }];
  });
}

function traversalOptions(model: MachineModel, input: unknown) {
  return {
    input,
    events: (snapshot: Snapshot) => eventsFor(model, snapshot),
    serializeState: (s: unknown) => serialize(model, s as Snapshot),
    limit: 50_000,
  };
}

function serialize(model: MachineModel, snap: Snapshot): string {
  return JSON.stringify([snap.value, model.abstract ? model.abstract(snap as never) : null]);
}

function toGenerated<TInput>(variant: { name: string; input?: TInput }, rawSteps: Array<{ event: unknown; state: unknown }>): GeneratedPath<TInput | undefined> {
  const steps = rawSteps.map((step) => ({
    event: step.event as EventObject,
    state: { value: (step.state as Snapshot).value, nodes: (step.state as Snapshot)._nodes },
  }));
  return {
    variant: variant.name,
    input: variant.input,
    description: steps.slice(1).map((s) => s.event.type).join(' → ') || '(initial state)',
    steps,
  };
}

/**
 * Paths generated with xstate/graph. "shortest": getShortestPaths, one path to every reachable
 * state. "edges": for every edge of the state graph (getAdjacencyMap), the shortest path to its
 * source followed by that edge, so transitions back into visited states (retries, cancels) are
 * walked too. (createTestModel refuses machines with invocations or delays; these generators do
 * not, and turn delays into xstate.after.* steps.)
 */
export function generatePaths<M extends AnyStateMachine>(model: MachineModel<M>, kind: 'shortest' | 'edges'): Array<GeneratedPath<InputFrom<M> | undefined>> {
  return model.variants.flatMap((variant) => {
    const options = traversalOptions(model, variant.input);
    const shortest = getShortestPaths(model.machine, options as never);
    if (kind === 'shortest') return shortest.map((p) => toGenerated(variant, p.steps));
    const toState = new Map(shortest.map((p) => [serialize(model, p.state as unknown as Snapshot), p.steps]));
    const adjacency = getAdjacencyMap(model.machine, options as never) as unknown as Record<string, { transitions: Record<string, { event: unknown; state: unknown }> }>;
    const paths: Array<GeneratedPath<InputFrom<M> | undefined>> = [];
    for (const [from, entry] of Object.entries(adjacency)) {
      const prefix = toState.get(from);
      if (!prefix) continue;
      for (const edge of Object.values(entry.transitions)) {
        const target = toState.get(serialize(model, edge.state as Snapshot));
        const isTreeEdge = target !== undefined && target.length === prefix.length + 1 && target[prefix.length]?.event === edge.event;
        if (isTreeEdge) continue; // already the last step of a shortest path
        paths.push(toGenerated(variant, [...prefix, { event: edge.event, state: edge.state }]));
      }
    }
    return [...shortest.map((p) => toGenerated(variant, p.steps)), ...paths];
  });
}

export interface TransitionInfo {
  id: string;
  definition: object;
}

/** The machine with every invoked or spawned actor replaced by one that never answers. */
export function withStubbedActors(machine: AnyStateMachine): AnyStateMachine {
  const names = Object.keys((machine.implementations as { actors?: Record<string, unknown> }).actors ?? {});
  return machine.provide({
    actors: Object.fromEntries(names.map((name) => [name, fromPromise(() => new Promise<never>(() => undefined))])),
  } as never);
}

/** Every transition the machine defines, including eventless, delayed and invoke done/error ones. */
export function listTransitions(machine: AnyStateMachine): TransitionInfo[] {
  const nodes = [machine.root, ...getStateNodes(machine.root)];
  return nodes.flatMap((node) => {
    const defs = [...node.transitions.values()].flat().concat(node.always ?? []);
    return defs.map((t, i) => ({
      id: `${node.id} ${t.eventType || '(always)'}#${i} -> ${(t.target ?? []).map((n: AnyStateNode) => n.id).join(',') || '(self)'}`,
      definition: t,
    }));
  });
}

/**
 * Replays each path in a real actor (invoked actors stubbed, every event sent as generated) and
 * records the transitions XState reports taking (@xstate.microstep), so coverage is exact.
 */
export function measureCoverage(model: MachineModel, paths: GeneratedPath[]): { all: TransitionInfo[]; covered: Set<string> } {
  const machine = withStubbedActors(model.machine);
  const all = listTransitions(machine);
  const byDefinition = new Map(all.map((t) => [t.definition, t.id]));
  const covered = new Set<string>();
  for (const path of paths) {
    const actor = createActor(machine, {
      input: path.input,
      inspect: (e) => {
        if (e.type !== '@xstate.microstep') return;
        for (const t of (e as unknown as { _transitions: object[] })._transitions) {
          const id = byDefinition.get(t);
          if (id) covered.add(id);
        }
      },
    });
    actor.start();
    for (const step of path.steps.slice(1)) actor.send(step.event);
    actor.stop();
  }
  return { all, covered };
}
