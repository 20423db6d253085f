// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { inShell, renderView } from '../../../app/testing/viewHarness';
import { LIABILITIES_PATHS, type LiabilityProof } from '../../../../domain/liabilities';
import type { ApiClient } from '../../../services/api';
import { createLiabilitiesDeskActors, createLiabilityActors } from '../actors/liabilities.actors';
import { LiabilitiesContext } from '../liabilities.context';
import { liabilitiesDeskMachine } from '../machines/liabilitiesDesk/liabilitiesDesk.machine';
import { liabilityProofMachine } from '../machines/liabilityProof/liabilityProof.machine';
import { PROOF_FIXTURE, SNAPSHOT_FIXTURE } from '../machines/liabilityProof/liabilityProof.fixtures';
import { LiabilitiesPage } from './LiabilitiesPage';
import { LiabilitiesDesk } from './operator/LiabilitiesDesk';

afterEach(cleanup);

/** The page over a stand-in API (the snapshot, and `proof` for the signed-in user) and the real verification. */
async function renderPage(signedIn: boolean, proof: LiabilityProof | null = PROOF_FIXTURE, desk = false, mayBuild = true) {
  const api = {
    get: async () => ({ snapshot: SNAPSHOT_FIXTURE }),
    post: async () => ({ proof }),
  } as unknown as ApiClient;
  const liabilityProof = liabilityProofMachine.provide({ actors: createLiabilityActors(api) });
  // The desk's two operator calls: the snapshots built (the fixture and an earlier daily one), and a build.
  const earlier = { ...SNAPSHOT_FIXTURE, id: 6, root: 'cd'.repeat(32), built_at: SNAPSHOT_FIXTURE.built_at - 86_400_000 };
  const operatorApi = {
    post: async (path: string) => (path === LIABILITIES_PATHS.operatorSnapshots ? { snapshots: [SNAPSHOT_FIXTURE, earlier] } : { ...SNAPSHOT_FIXTURE, id: 8, root: 'ab'.repeat(32), source: 'operator' }),
  } as unknown as ApiClient;
  const liabilitiesDesk = liabilitiesDeskMachine.provide({ actors: createLiabilitiesDeskActors(operatorApi) });
  await renderView(
    inShell(
      <LiabilitiesContext.Provider value={{ liabilityProof, liabilitiesDesk, liabilitiesDeskInput: () => ({ mayBuild }) }}>{desk ? <LiabilitiesDesk /> : <LiabilitiesPage />}</LiabilitiesContext.Provider>,
      { session: signedIn ? 'in' : 'out' },
    ),
    { route: '/' },
  );
}

describe('/liabilities', () => {
  it('shows the published root and totals to anyone, and asks a visitor to sign in', async () => {
    await renderPage(false);
    expect(screen.getByTestId('liabilities-root').textContent).toBe(SNAPSHOT_FIXTURE.root);
    expect(screen.getByRole('table', { name: 'Totals owed to users' }).textContent).toContain('1,020.123456789');
    expect(screen.getByText(/Sign in to see your own leaf/)).toBeTruthy();
    expect(screen.queryByTestId('liabilities-verify')).toBeNull();
  });

  it("shows a signed-in user's leaf and path; Verify recomputes the published root in the page", async () => {
    await renderPage(true);
    expect(screen.getByText(PROOF_FIXTURE.leaf.salt)).toBeTruthy();
    expect(screen.getByText('Path to the root: 2 siblings')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download my proof (JSON)' }).getAttribute('download')).toBe('openex-liabilities-proof-7.json');
    await act(async () => void fireEvent.click(screen.getByTestId('liabilities-verify')));
    await act(async () => undefined);
    expect(screen.getByTestId('liabilities-verdict').textContent).toContain('Verified: your leaf and path give exactly the published root and totals.');
  });

  it('says so when a proof does not give the published root', async () => {
    const tampered = structuredClone(PROOF_FIXTURE);
    tampered.path[0]!.hash = '0'.repeat(64);
    await renderPage(true, tampered);
    await act(async () => void fireEvent.click(screen.getByTestId('liabilities-verify')));
    await act(async () => undefined);
    expect(screen.getByTestId('liabilities-verdict').textContent).toContain('Not verified');
    expect(screen.getByText('The recomputed root hash differs from the published one.')).toBeTruthy();
  });

  it('tells a user without a leaf that the next build includes them', async () => {
    await renderPage(true, null);
    expect(screen.getByTestId('liabilities-not-included')).toBeTruthy();
  });

  it('the console desk shows the latest snapshot and the earlier ones, and Build now shows the new one', async () => {
    await renderPage(false, null, true);
    expect(screen.getByTestId('liabilities-root').textContent).toBe(SNAPSHOT_FIXTURE.root);
    expect(screen.getByRole('table', { name: 'Snapshots built' }).textContent).toContain(`${'cd'.repeat(8)}…`);
    await act(async () => void fireEvent.click(screen.getByTestId('liabilities-build')));
    await act(async () => undefined);
    expect(screen.getByTestId('liabilities-root').textContent).toBe('ab'.repeat(32));
    expect(screen.getByText('Finance operator')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Snapshots built' }).textContent).toContain(`${SNAPSHOT_FIXTURE.root.slice(0, 16)}…`);
  });

  it('the auditor (liabilities.read without liabilities.build) reads the desk and is offered no build', async () => {
    await renderPage(false, null, true, false);
    expect(screen.getByTestId('liabilities-root').textContent).toBe(SNAPSHOT_FIXTURE.root);
    expect(screen.getByRole('table', { name: 'Snapshots built' })).toBeTruthy();
    expect(screen.queryByTestId('liabilities-build')).toBeNull();
    expect(screen.getByText(/building one now needs the finance role/)).toBeTruthy();
  });
});
