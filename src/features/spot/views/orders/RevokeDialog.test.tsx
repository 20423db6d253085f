// @vitest-environment jsdom
/**
 * The question before an order is cancelled: buttons that say what they do (issue 50 C3: not
 * "Cancel" / "Confirm" under the title "Cancel order").
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { completeCatalogue, initI18n } from '../../../../services/i18n';
import { confirmActing, type ConfirmActActorRef } from '../../../../app/machines/confirmAct/confirmAct.machine';
import { darkTheme } from '../../../../app/theme';
import { RevokeQuestion } from './RevokeDialog';

let i18n: Awaited<ReturnType<typeof initI18n>>;
beforeEach(async () => {
  i18n = await initI18n('en_US');
  await completeCatalogue(i18n);
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A confirm-then-act child on its own, acting with `act`, as a page's machine invokes it. */
function question(act: () => Promise<unknown>, keepRefusal: boolean) {
  const toasts: unknown[] = [];
  const logic = confirmActing(
    fromPromise(() => act()),
    (_, params) => void toasts.push(params),
  );
  const actor = createActor(logic, { input: { keepRefusal } }).start();
  return { actor: actor as unknown as ConfirmActActorRef, toasts };
}

const shown = (ui: React.ReactNode) =>
  render(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={darkTheme}>{ui}</ThemeProvider>
    </I18nextProvider>,
  );

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
