import { SNAPSHOT_FIXTURE } from '../liabilityProof/liabilityProof.fixtures';
import { liabilitiesDeskMachine } from './liabilitiesDesk.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

export const liabilitiesDeskModel = machineModel(
  liabilitiesDeskMachine,
  [
    { name: 'finance (liabilities.build)', input: { mayBuild: true } },
    { name: 'auditor (liabilities.read only)', input: { mayBuild: false } },
  ],
  [
    { type: 'xstate.done.actor.fetchSnapshots', output: { snapshots: [SNAPSHOT_FIXTURE] } },
    ...actorAnswers('fetchSnapshots', { snapshots: [] }),
    { type: 'desk.build' },
    { type: 'desk.retry' },
    ...actorAnswers('buildSnapshot', { ...SNAPSHOT_FIXTURE, id: 8, source: 'operator' }, { kind: 'server', serverMessage: 'A proof of liabilities is being built right now; try again in a moment' }),
  ],
  // The latest snapshot stands for the list: each build adds one, so the list itself never repeats.
  (s) => (s.context.snapshots === undefined ? '?' : (s.context.snapshots[0]?.id ?? 'none')),
);
