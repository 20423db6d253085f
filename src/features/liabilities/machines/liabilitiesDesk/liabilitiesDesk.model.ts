import { SNAPSHOT_FIXTURE } from '../liabilityProof/liabilityProof.fixtures';
import { liabilitiesDeskMachine } from './liabilitiesDesk.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

export const liabilitiesDeskModel = machineModel(liabilitiesDeskMachine, [{ name: 'desk opened' }], [
  { type: 'xstate.done.actor.fetchLatest', output: { snapshot: SNAPSHOT_FIXTURE } },
  ...actorAnswers('fetchLatest', { snapshot: null }),
  ...actorAnswers('buildSnapshot', { ...SNAPSHOT_FIXTURE, id: 8, source: 'operator' }, { kind: 'server', serverMessage: 'A proof of liabilities is being built right now; try again in a moment' }),
], (s) => (s.context.snapshot === undefined ? '?' : (s.context.snapshot?.id ?? 'none')));
