import { liabilityProofMachine } from './liabilityProof.machine';
import { PROOF_FIXTURE, SNAPSHOT_FIXTURE } from './liabilityProof.fixtures';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

export const liabilityProofModel = machineModel(
  liabilityProofMachine,
  [
    { name: 'signed in', input: { signedIn: true } },
    { name: 'signed out', input: { signedIn: false } },
  ],
  [
    { type: 'xstate.done.actor.fetchLatest', output: { snapshot: SNAPSHOT_FIXTURE } },
    ...actorAnswers('fetchLatest', { snapshot: null }),
    { type: 'xstate.done.actor.fetchProof', output: { proof: PROOF_FIXTURE } },
    ...actorAnswers('fetchProof', { proof: null }, { kind: 'server', serverMessage: 'There is no such proof of liabilities' }),
    { type: 'xstate.done.actor.verifyProof', output: { ok: true, root: SNAPSHOT_FIXTURE.root, totals: SNAPSHOT_FIXTURE.totals, problems: [] } },
    { type: 'xstate.done.actor.verifyProof', output: { ok: false, root: '0'.repeat(64), totals: SNAPSHOT_FIXTURE.totals, problems: ['root'] } },
  ],
  (s) => [s.context.snapshot === undefined ? '?' : s.context.snapshot ? 'snapshot' : 'none', s.context.proof === undefined ? '?' : s.context.proof ? 'proof' : 'none', s.context.proofFailed, s.context.verdict?.ok],
);
