// @vitest-environment jsdom
/**
 * The question before an order is cancelled: buttons that say what they do (issue 50 C3: not
 * "Cancel" / "Confirm" under the title "Cancel order").
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { confirmQuestion as question } from '../../../../app/testing/confirmQuestion';
import { viewsOnFakeTimers } from '../../../../app/testing/viewHarness';
import { RevokeQuestion } from './RevokeDialog';

const shown = viewsOnFakeTimers();

describe('the cancel-order question', () => {
  it('cancelling an order: "Keep order" and "Cancel order", not "Cancel" and "Confirm" (issue 50 C3)', async () => {
    const { actor } = question(async () => null, false);
    shown(<RevokeQuestion actor={actor} />);
    act(() => actor.send({ type: 'confirmAct.ask', subject: { id: 7 } }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Do you want to cancel this order?');
    expect(screen.getByRole('button', { name: 'Keep order' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Keep order' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

});
