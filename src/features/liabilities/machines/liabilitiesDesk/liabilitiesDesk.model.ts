import type { MachineModel } from '../../../../app/machines/model.types';
import { SNAPSHOT_FIXTURE } from '../liabilityProof/liabilityProof.fixtures';
import { liabilitiesDeskMachine } from './liabilitiesDesk.machine';

export const liabilitiesDeskModel: MachineModel<typeof liabilitiesDeskMachine> = {
  machine: liabilitiesDeskMachine,
  variants: [{ name: 'desk opened' }],
  events: [
    { type: 'xstate.done.actor.fetchLatest', output: { snapshot: SNAPSHOT_FIXTURE } },
    { type: 'xstate.done.actor.fetchLatest', output: { snapshot: null } },
    { type: 'xstate.error.actor.fetchLatest', error: { kind: 'network' } },
    { type: 'xstate.done.actor.buildSnapshot', output: { ...SNAPSHOT_FIXTURE, id: 8, source: 'operator' } },
    { type: 'xstate.error.actor.buildSnapshot', error: { kind: 'server', serverMessage: 'A proof of liabilities is being built right now; try again in a moment' } },
  ],
  abstract: (s) => (s.context.snapshot === undefined ? '?' : (s.context.snapshot?.id ?? 'none')),
};
