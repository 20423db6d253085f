// @vitest-environment jsdom
/**
 * The Appeals tab's resolution dialog and the session's step-up window (docs/OPERATOR.md "The
 * step-up window"): within it the dialog says until when no code is needed and sends the ruling
 * without one; once the server refuses (the window ran out) it asks a code again, in place.
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FIAT_PATHS } from '../../../../../domain/fiat';
import { formatTime } from '../../../../../domain/localeFormat';
import { OPERATOR_PATHS } from '../../../../../domain/operators';
import { createStepUpReader } from '../../../../kit/operatorStepUp/stepUp';
import { fakeApi, refusal, renderWithFlows } from '../../../../app/testing/viewHarness';
import { createOperatorFiatActors } from '../../actors/fiat.actors';
import { FiatContext } from '../../fiat.context';
import type { FiatFlows } from '../../fiat.hooks';
import { APPEAL_CASE } from '../../machines/fiatFixtures';
import { fiatAppealsMachine } from '../../machines/fiatAppeals/fiatAppeals.machine';
import { AppealsDesk } from './AppealsDesk';

afterEach(cleanup);

const UNTIL = 1_800_000_300_000;
// No chat: the case's chat is its own machine (deskChat), not what this test is about.
const CASE = { ...APPEAL_CASE, chat: [] };

/** The tab over a fake operator API: the session stepped up at first, no longer after the ruling's refusal (the window ran out). */
async function renderDesk() {
  const windows = [UNTIL, null];
  const { api, calls } = fakeApi({
    [FIAT_PATHS.operatorAppeals]: [CASE],
    [OPERATOR_PATHS.mySessions]: () => [
      { id: 3, user_agent: 'Firefox', ip: '10.0.0.1', created_at: 0, last_seen_at: 0, expires_at: 1_900_000_000_000, current: true, step_up_until: windows.shift() ?? null },
    ],
    [FIAT_PATHS.operatorResolve]: () => refusal('Enter your authentication code'),
  });
  const operator = createOperatorFiatActors(api);
  const appeals = fiatAppealsMachine.provide({
    actors: { fetchAppeals: operator.fetchAppeals, resolveAppeal: operator.resolveAppeal, readStepUp: createStepUpReader(api) },
    actions: { showToast: () => undefined },
  });
  await renderWithFlows(FiatContext, { appeals } as unknown as FiatFlows, <AppealsDesk />);
  return calls;
}

const rulings = (calls: Array<{ path: string; body: unknown }>) => calls.filter((c) => c.path === FIAT_PATHS.operatorResolve).map((c) => c.body);

describe('appeals desk view: the step-up window', () => {
  it('says until when no code is needed, rules with none sent, and after a refusal keeps the dialog open asking a code again', async () => {
    const calls = await renderDesk();
    fireEvent.change(await screen.findByLabelText('Reason (shown to both parties)'), { target: { value: 'Bank statement checked' } });
    fireEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    await act(async () => undefined);
    const dialog = screen.getByRole('dialog', { name: 'Resolve' });
    expect(dialog.textContent).toContain(`No code needed until ${formatTime(UNTIL, 'en_US')}`);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Enter your authentication code')).toBeTruthy();
    expect(rulings(calls)).toEqual([{ order_id: CASE.order.id, decision: 'release', reason: 'Bank statement checked' }]);
    await act(async () => undefined);
    expect(within(dialog).getByLabelText('Your 2FA code')).toBeTruthy();
    expect(dialog.textContent).not.toContain('No code needed');
    // Outside the window an empty field is refused in place; nothing more is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Enter the 6-digit code or a recovery code')).toBeTruthy();
    expect(rulings(calls)).toHaveLength(1);
  });
});
