// @vitest-environment jsdom
/**
 * Deleting an address (or a key) through the shared confirm-then-act question: buttons that say
 * what they do (issue 50 C3), and a refused delete said in the dialog, still there 3 s later,
 * until the question is answered again or closed (issue 50 S3).
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { confirmQuestion as question } from '../../../../app/testing/confirmQuestion';
import { viewsOnFakeTimers } from '../../../../app/testing/viewHarness';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';

const shown = viewsOnFakeTimers();

describe('the delete question', () => {
  it('a refused delete stays in the dialog (role=alert), untoasted, 3 s later; "Keep address" closes it (issue 50 S3)', async () => {
    const { actor, toasts } = question(async () => {
      throw { kind: 'server', serverMessage: 'The address was not found' };
    }, true);
    shown(<ConfirmDeleteDialog actor={actor} messageKey="addresses.confirmDeleteAddress" />);
    act(() => actor.send({ type: 'confirmAct.ask', subject: { id: 7 } }));
    expect(screen.getByRole('button', { name: 'Keep address' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete address' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('The address was not found');
    expect(toasts).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Keep address' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an API key: "Keep key" and "Delete key"', async () => {
    const { actor } = question(async () => null, true);
    shown(<ConfirmDeleteDialog actor={actor} titleKey="apiKeys.confirmTitle" confirmKey="apiKeys.deleteKey" keepKey="apiKeys.keepKey" messageKey="apiKeys.confirm" params={() => ({ label: 'bot', key: 'abcd…' })} />);
    act(() => actor.send({ type: 'confirmAct.ask', subject: { api_key: 'k1' } }));
    expect(screen.getByRole('button', { name: 'Keep key' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete key' })).toBeTruthy();
  });
});
