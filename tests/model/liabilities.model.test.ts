import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { verifyProof, type LiabilityProof } from '../../domain/liabilities';
import { createLiabilityActors } from '../../src/features/liabilities/actors/liabilities.actors';
import { PROOF_FIXTURE, SNAPSHOT_FIXTURE } from '../../src/features/liabilities/machines/liabilityProof/liabilityProof.fixtures';
import { liabilitiesDeskModel } from '../../src/features/liabilities/machines/liabilitiesDesk/liabilitiesDesk.model';
import { liabilityProofModel } from '../../src/features/liabilities/machines/liabilityProof/liabilityProof.model';
import * as proofSelectors from '../../src/features/liabilities/machines/liabilityProof/liabilityProof.selectors';
import type { ApiClient } from '../../src/services/api';
import { describeModel, runModel } from './harness';

/**
 * The proof-of-liabilities page (issue 52 §4): its generated paths, and scenarios — signed out it
 * reads only the public snapshot; signed in it asks for the user's proof in that same snapshot;
 * "Verify" recomputes the root in the browser (the real effect, domain/liabilities.ts) and says
 * whether it is the published one, a tampered proof and a different published root saying no.
 */
beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('liabilityProof (generated paths)', () => describeModel(liabilityProofModel));
describe('liabilitiesDesk (generated paths)', () => describeModel(liabilitiesDeskModel));

/** The page's machine with stand-ins for the reads and the real verification. */
function page(signedIn: boolean) {
  const real = createLiabilityActors({} as ApiClient);
  return runModel(liabilityProofModel, { input: { signedIn }, actors: { verifyProof: real.verifyProof }, log: ['showToast'] });
}

describe('liabilityProof (scenarios)', () => {
  it('signed out: shows the published snapshot and asks for no proof', async () => {
    const run = page(false);
    await run.settle({ type: 'xstate.done.actor.fetchLatest', output: { snapshot: SNAPSHOT_FIXTURE } });
    expect(run.actor.getSnapshot().value).toBe('shown');
    expect(run.deferred.isPending('fetchProof')).toBe(false);
    run.actor.send({ type: 'liabilities.verify' });
    expect(run.actor.getSnapshot().value).toBe('shown');
  });

  it('signed in: reads the proof of the snapshot shown, and Verify recomputes the published root', async () => {
    const run = page(true);
    await run.settle({ type: 'xstate.done.actor.fetchLatest', output: { snapshot: SNAPSHOT_FIXTURE } });
    expect(run.actor.getSnapshot().value).toBe('loadingProof');
    expect(run.deferred.inputsOf('fetchProof')).toEqual([{ snapshot_id: SNAPSHOT_FIXTURE.id }]);
    await run.settle({ type: 'xstate.done.actor.fetchProof', output: { proof: PROOF_FIXTURE } });
    expect(proofSelectors.selectDownload(run.actor.getSnapshot())?.name).toBe('openex-liabilities-proof-7.json');
    run.actor.send({ type: 'liabilities.verify' });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.actor.getSnapshot().value).toBe('shown');
    expect(run.actor.getSnapshot().context.verdict).toEqual({ ok: true, root: SNAPSHOT_FIXTURE.root, totals: SNAPSHOT_FIXTURE.totals, problems: [] });
  });

  it('says no for a tampered proof or a root other than the published one', async () => {
    const tampered: LiabilityProof = structuredClone(PROOF_FIXTURE);
    (tampered.leaf.balances as Record<string, string>).BTC = '1.76';
    const run = page(true);
    await run.settle({ type: 'xstate.done.actor.fetchLatest', output: { snapshot: SNAPSHOT_FIXTURE } });
    await run.settle({ type: 'xstate.done.actor.fetchProof', output: { proof: tampered } });
    run.actor.send({ type: 'liabilities.verify' });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.actor.getSnapshot().context.verdict).toMatchObject({ ok: false, problems: ['leafHash', 'root', 'totals'] });
    expect(verifyProof(PROOF_FIXTURE, { ...SNAPSHOT_FIXTURE, root: 'f'.repeat(64) }).problems).toEqual(['root']);
  });

  it('a user without a leaf sees the snapshot and cannot verify; a failed read toasts and offers a retry', async () => {
    const run = page(true);
    await run.settle({ type: 'xstate.done.actor.fetchLatest', output: { snapshot: SNAPSHOT_FIXTURE } });
    await run.settle({ type: 'xstate.done.actor.fetchProof', output: { proof: null } });
    run.actor.send({ type: 'liabilities.verify' });
    expect(run.actor.getSnapshot().value).toBe('shown');
    expect(run.actor.getSnapshot().context.proof).toBeNull();
    run.actor.send({ type: 'liabilities.retry' });
    await run.settle({ type: 'xstate.error.actor.fetchLatest', error: { kind: 'network' } });
    expect(run.actor.getSnapshot().value).toBe('failed');
    expect(run.log.at(-1)).toContain('showToast');
    run.actor.send({ type: 'liabilities.retry' });
    expect(run.actor.getSnapshot().value).toBe('loading');
  });
});

describe('liabilitiesDesk (scenarios)', () => {
  it('shows the snapshots built; Build now puts the new one first and says so; a refusal keeps those shown', async () => {
    const run = runModel(liabilitiesDeskModel, { input: { mayBuild: true }, log: ['showToast'] });
    await run.settle({ type: 'xstate.done.actor.fetchSnapshots', output: { snapshots: [SNAPSHOT_FIXTURE] } });
    run.actor.send({ type: 'desk.build' });
    expect(run.actor.getSnapshot().value).toBe('building');
    run.actor.send({ type: 'desk.build' });
    expect(run.deferred.inputsOf('buildSnapshot')).toHaveLength(1);
    await run.settle({ type: 'xstate.error.actor.buildSnapshot', error: { kind: 'server', serverMessage: 'busy' } });
    expect(run.actor.getSnapshot().context.snapshots).toEqual([SNAPSHOT_FIXTURE]);
    expect(run.log.at(-1)).toContain('busy');
    run.actor.send({ type: 'desk.build' });
    const built = { ...SNAPSHOT_FIXTURE, id: 8, source: 'operator' as const };
    await run.settle({ type: 'xstate.done.actor.buildSnapshot', output: built });
    expect(run.actor.getSnapshot().context.snapshots).toEqual([built, SNAPSHOT_FIXTURE]);
    expect(run.log.at(-1)).toContain('liabilities.deskBuilt');
  });

  it('the auditor (liabilities.read only) reads the snapshots and cannot start a build', async () => {
    const run = runModel(liabilitiesDeskModel, { input: { mayBuild: false }, log: ['showToast'] });
    await run.settle({ type: 'xstate.done.actor.fetchSnapshots', output: { snapshots: [SNAPSHOT_FIXTURE] } });
    expect(run.actor.getSnapshot().value).toBe('shown');
    run.actor.send({ type: 'desk.build' });
    expect(run.actor.getSnapshot().value).toBe('shown');
    expect(run.deferred.inputsOf('buildSnapshot')).toEqual([]);
  });
});
